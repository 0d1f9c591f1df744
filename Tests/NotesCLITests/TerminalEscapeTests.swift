import Testing
@testable import NotesCLI

/// Control characters from notes and file names never reach the terminal raw, and what is shown is
/// unambiguous: a backslash is shown `\\`, as `ls -b` does.
@Suite struct TerminalEscapeTests {
    @Test(arguments: [
        ("notes/\u{1B}[2J.md", "notes/\\033[2J.md"),
        ("title \u{1B}]0;pwned\u{07}", "title \\033]0;pwned\\a"),
        ("C1 \u{9B}31m", "C1 \\302\\23331m"),
        ("line\nbreak\r", "line\\nbreak\\r"),
        ("tab\tstays", "tab\tstays"),
        ("del\u{7F} nul\u{0}", "del\\177 nul\\000"),
        ("plain, 국회, café, 😀", "plain, 국회, café, 😀"),
        ("c1\\302\\233x.md", "c1\\\\302\\\\233x.md"),
        ("\\", "\\\\"),
        ("\\\\", "\\\\\\\\"),
        ("C:\\notes\\n.md", "C:\\\\notes\\\\n.md"),
        ("\\\u{1B}", "\\\\\\033"),
        ("\\033[2J", "\\\\033[2J"),
        ("invoice\u{202E}fdp.exe", "invoice\\342\\200\\256fdp.exe"),
        ("\u{2066}\u{2067}\u{2068}\u{2069}", "\\342\\201\\246\\342\\201\\247\\342\\201\\250\\342\\201\\251"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}", "\\342\\200\\252\\342\\200\\253\\342\\200\\254\\342\\200\\255"),
        ("\u{200E}\u{200F}\u{061C}", "\\342\\200\\216\\342\\200\\217\\330\\234"),
        ("zero\u{200D}width joiner \u{200B}", "zero\u{200D}width joiner \u{200B}"),
    ])
    func controlCharactersAreShownEscaped(_ raw: String, _ shown: String) {
        #expect(TerminalEscape.escaped(raw) == shown)
        #expect(!TerminalEscape.escaped(raw).unicodeScalars.contains { $0 != "\t" && TerminalEscape.isEscaped($0) })
    }

    /// Pairs that looked the same before a backslash was escaped: a control character, and the text of its
    /// escape typed literally.
    @Test(arguments: [
        ("c1\u{9B}x.md", "c1\\302\\233x.md"),
        ("\u{1B}[2J", "\\033[2J"),
        ("a\nb", "a\\nb"),
        ("a\u{7F}", "a\\177"),
        ("\u{0}", "\\000"),
        ("\\\u{1B}", "\\\\033"),
    ])
    func aControlCharacterAndItsEscapeTypedOutLookDifferent(_ control: String, _ typed: String) {
        #expect(control != typed)
        #expect(TerminalEscape.escaped(control) != TerminalEscape.escaped(typed))
        #expect(Self.unescaped(TerminalEscape.escaped(control)) == control)
        #expect(Self.unescaped(TerminalEscape.escaped(typed)) == typed)
    }

    /// Every hostile text is read back exactly from what is shown (the escaping is one-to-one).
    @Test(arguments: ["", "\\", "\\\\n", "\\n\n", "back\\slash\u{1B}", "\\302\\233\u{9B}", "\u{85}\\205", "x\\\u{7F}\\177",
                      "\\a\u{07}\\b\u{08}\\f\u{0C}\\v\u{0B}\\r\r", "end\\"])
    func whatIsShownReadsBackExactly(_ raw: String) {
        #expect(Self.unescaped(TerminalEscape.escaped(raw)) == raw)
    }

    /// Reads escaped text back: `\\`, the named escapes and octal bytes (a reference for the tests).
    static func unescaped(_ shown: String) -> String? {
        let named: [Character: UInt8] = ["\\": 0x5C, "n": 0x0A, "r": 0x0D, "a": 0x07, "b": 0x08, "f": 0x0C, "v": 0x0B]
        var bytes: [UInt8] = []
        var characters = Array(shown)
        while !characters.isEmpty {
            let character = characters.removeFirst()
            guard character == "\\" else { bytes += Array(String(character).utf8); continue }
            guard let next = characters.first else { return nil }
            if let byte = named[next] {
                bytes.append(byte)
                characters.removeFirst()
            } else {
                guard characters.count >= 3, let byte = UInt8(String(characters.prefix(3)), radix: 8) else { return nil }
                bytes.append(byte)
                characters.removeFirst(3)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
