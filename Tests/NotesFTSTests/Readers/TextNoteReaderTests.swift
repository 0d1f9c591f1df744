import Foundation
import Testing
@testable import NotesFTS

@Suite struct TextNoteReaderTests {
    @Test func markdownTitleIsFirstHeading() {
        let note = TextNoteReader.note(text: "intro line\n\n# Real Title\nbody", path: "/x/a.md", isMarkdown: true, modified: nil)
        #expect(note.title == "Real Title")
        #expect(note.body == "intro line\n\n# Real Title\nbody")
    }

    @Test func textTitleIsFirstNonEmptyLineTrimmedAndCapped() {
        let long = String(repeating: "word ", count: 60)
        let note = TextNoteReader.note(text: "\n\n   Shopping list  \nmilk", path: "/x/a.txt", isMarkdown: false, modified: nil)
        #expect(note.title == "Shopping list")
        let capped = TextNoteReader.note(text: long, path: "/x/a.txt", isMarkdown: false, modified: nil)
        #expect(capped.title.count == TextNoteReader.maximumTitleLength)
        #expect(capped.title.hasSuffix("…"))
    }

    @Test func emptyFileTakesItsNameAsTitle() {
        let note = TextNoteReader.note(text: "  \n", path: "/x/grocery list.md", isMarkdown: true, modified: nil)
        #expect(note.title == "grocery list")
    }

    @Test func frontMatterGivesTitleTagsDatesAndShiftsLines() {
        let text = """
            ---
            title: "Q3 planning"
            tags: [work, planning]
            created: 2024-07-02
            modified: 2024-07-09T10:30:00Z
            ---
            # Heading
            body
            """
        let note = TextNoteReader.note(text: text, path: "/x/a.md", isMarkdown: true, modified: Date(timeIntervalSince1970: 0))
        #expect(note.title == "Q3 planning")
        #expect(note.tags == ["work", "planning"])
        #expect(note.created.map(Timestamp.format) == "2024-07-02T00:00:00Z")
        #expect(note.modified.map(Timestamp.format) == "2024-07-09T10:30:00Z")
        #expect(note.line == 7)
        #expect(note.body == "# Heading\nbody")
    }

    @Test func frontMatterBlockListsAndUnclosedFence() {
        let note = TextNoteReader.note(text: "---\ntags:\n  - a\n  - b c\n---\ntext", path: "/x/a.md", isMarkdown: true, modified: nil)
        #expect(note.tags == ["a", "b c"])
        let unclosed = TextNoteReader.note(text: "---\ntitle: x\nno end", path: "/x/a.md", isMarkdown: true, modified: nil)
        #expect(unclosed.line == 1)
        #expect(unclosed.body.hasPrefix("---"))
    }

    @Test func lineScanningMatchesSplitting() {
        var lines: [Substring] = []
        TextNoteReader.forEachLine("a\n\nb\n") { lines.append($0); return true }
        #expect(lines == ["a", "", "b", ""])
        var first: [Substring] = []
        TextNoteReader.forEachLine("x\ny") { first.append($0); return false }
        #expect(first == ["x"])
    }

    @Test func windowsLineEndingsAndMissingFinalNewline() {
        let crlf = TextNoteReader.note(text: "# Title\r\nbody #tag\r\n", path: "/x/a.md", isMarkdown: true, modified: nil)
        #expect(crlf.title == "Title")
        #expect(crlf.tags == ["tag"])
        #expect(crlf.body == "# Title\nbody #tag\n")
        let bare = TextNoteReader.note(text: "---\ntitle: T\n---\nno newline", path: "/x/a.md", isMarkdown: true, modified: nil)
        #expect(bare.title == "T" && bare.body == "no newline" && bare.line == 4)
    }

    @Test(arguments: [
        ("#work and #home-office", ["work", "home-office"]),
        ("# Heading is not a tag", []),
        ("issue #123 is not a tag", []),
        ("email a#b is not a tag", []),
        ("nested #projects/notes-fts.", ["projects/notes-fts"]),
        ("```\n#inside code\n```\n#after", ["after"]),
        ("한국어 #메모 태그", ["메모"]),
    ])
    func hashtags(text: String, expected: [String]) {
        #expect(TextNoteReader.hashtags(in: text) == expected)
    }
}
