import Testing
@testable import NotesCLI

/// Control characters from notes and file names never reach the terminal raw.
@Suite struct TerminalEscapeTests {
    @Test(arguments: [
        ("notes/\u{1B}[2J.md", "notes/\\033[2J.md"),
        ("title \u{1B}]0;pwned\u{07}", "title \\033]0;pwned\\a"),
        ("C1 \u{9B}31m", "C1 \\302\\23331m"),
        ("line\nbreak\r", "line\\nbreak\\r"),
        ("tab\tstays", "tab\tstays"),
        ("del\u{7F} nul\u{0}", "del\\177 nul\\000"),
        ("plain, 국회, café, 😀", "plain, 국회, café, 😀"),
    ])
    func controlCharactersAreShownEscaped(_ raw: String, _ shown: String) {
        #expect(TerminalEscape.escaped(raw) == shown)
        #expect(!TerminalEscape.escaped(raw).unicodeScalars.contains { $0 != "\t" && TerminalEscape.isEscaped($0) })
    }
}
