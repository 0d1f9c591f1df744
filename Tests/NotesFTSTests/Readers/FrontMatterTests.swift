import Testing
@testable import NotesFTS

@Suite struct FrontMatterTests {
    private static func matter(_ lines: String) -> FrontMatter {
        FrontMatter.split("---\n\(lines)\n---\nbody").0
    }

    /// The title a Markdown note with this front matter gets (`body` when the front matter has none).
    private static func title(_ lines: String) -> String {
        TextNoteReader.note(text: "---\n\(lines)\n---\nbody", path: "/x/a.md", isMarkdown: true, modified: nil).title
    }

    @Test(arguments: [
        ("title: >\n  Trip to Kyoto", "Trip to Kyoto"),
        ("title: >-\n  Trip to\n  Kyoto\n\ntags: a", "Trip to Kyoto"),
        ("title: |\n  Line one\n  Line two", "Line one Line two"),
        ("title: Budget 2024 # draft", "Budget 2024"),
        ("title: C# tips", "C# tips"),
        ("title: \"He said \\\"hi\\\"\"", "He said \"hi\""),
        ("title: \"tab\\there \\u00e9 # not a comment\" # comment", "tab\there é # not a comment"),
        ("title: 'it''s # fine' # comment", "it's # fine"),
        ("title: A plain title\n  folded onto two lines", "A plain title folded onto two lines"),
        ("title:\n  On its own line", "On its own line"),
        ("title: \"unclosed", "\"unclosed"),
        ("title: \"a\\x+4b \\u-041 \\x41\"", "a\\x+4b \\u-041 A"),
        ("title: \"A long\n  quoted title\"\ntags: [a, b]", "A long quoted title"),
        ("title: 'Three\n  quoted\n  lines'", "Three quoted lines"),
        ("\"Title\": quoted key", "quoted key"),
    ])
    func titles(lines: String, title: String) {
        #expect(Self.title(lines) == title)
    }

    @Test(arguments: ["title: ~", "title: null", "title:", "title: # only a comment", "title: >\n\nother: x"])
    func emptyTitles(lines: String) {
        #expect(Self.title(lines) == "body")
    }

    @Test(arguments: [
        ("tags: [\"travel, japan\", food]", ["travel, japan", "food"]),
        ("tags: ['a, b', 'it''s', plain words]", ["a, b", "it's", "plain words"]),
        ("tags: [a, b] # trailing comment", ["a", "b"]),
        ("tags: [a, # first\n  b,\n  c]", ["a", "b", "c"]),
        ("tags: [[nested], x]", ["nested", "x"]),
        ("tags: []", []),
        ("tags: finance # TODO tidy", ["finance"]),
        ("tags:\n  - \"a, b\" # c\n  - plain # c\n  - 'q'", ["a, b", "plain", "q"]),
        ("tags:\n# a comment line\n- a\n- b", ["a", "b"]),
    ])
    func tags(lines: String, tags: [String]) {
        #expect(Self.matter(lines).tags == tags)
    }

    @Test func aliasesKeepCommasInsideQuotes() {
        #expect(Self.matter("aliases: [Kyoto, \"Kyoto, Japan\"]").aliases == ["Kyoto", "Kyoto, Japan"])
    }

    @Test func commentsAndBlockScalarsDoNotHideLaterKeys() {
        let matter = Self.matter("# a comment: not a key\ntitle: |\n  x\n  ---\nmodified: 2024-01-02 # day\nauthor:\n  name: A")
        #expect(matter.values["# a comment"] == nil)
        #expect(Self.title("title: |\n  x\n  ---\nother: y") == "x ---")
        #expect(matter.value("modified") == "2024-01-02")
        #expect(matter.values["name"] == nil)
    }

    @Test func foldedAndLiteralValuesFollowYAML() {
        #expect(Self.matter("a: >\n  one\n  two\n\n  three\nb: x").values["a"] == "one two\nthree\n")
        #expect(Self.matter("a: |+\n  one\n\nb: x").values["a"] == "one\n\n")
        #expect(Self.matter("a: |-\n  one\n    two").values["a"] == "one\n  two")
    }

    @Test func aFrontMatterTitleIsCappedLikeAFirstLine() {
        let long = String(repeating: "x", count: 200_000)
        let note = TextNoteReader.note(text: "---\ntitle: \(long)\n---\nbody", path: "/x/a.md", isMarkdown: true, modified: nil)
        #expect(note.title.count == TextNoteReader.maximumTitleLength)
        #expect(note.title.hasSuffix("…"))
    }

    /// A flow sequence is read again only at lines that could close it, and a `[` left open whose lines hold
    /// quoted `]`s ends after ``FrontMatter/flowReadLimit`` reads, so the keys after it are read (reading it
    /// again at every line took 40 s for a 224 KB note); a closed one of any length is read whole.
    @Test func aFlowSequenceIsReadAgainOnlyWhereItCanClose() {
        let items = (0..<300).map { "  item\($0)," }.joined(separator: "\n")
        let closed = Self.matter("tags: [first,\n\(items) last]\ntitle: After")
        #expect((closed.lists["tags"] ?? []).count == 302)
        #expect(closed.value("title") == "After")
        let quotedBrackets = (0..<(FrontMatter.flowReadLimit + 10)).map { "  \"x]\($0)\"," }.joined(separator: "\n")
        let open = Self.matter("tags: [first,\n\(quotedBrackets)\ntitle: After")
        #expect(open.value("title") == "After")
        #expect((open.lists["tags"] ?? []).first == "first")
        #expect((open.lists["tags"] ?? []).count == FrontMatter.flowReadLimit)
    }

    /// Values over thousands of lines are read whole (their lines are appended in place: copied at every line,
    /// a 1 MB folded title took 13 s, a 320 KB tag list 13.7 s).
    @Test func longValuesAreReadWhole() {
        let lines = 5_000
        let block = Self.matter("title: >\n" + String(repeating: "  folded words\n", count: lines) + "tags: x")
        #expect(block.value("title") == Array(repeating: "folded words", count: lines).joined(separator: " "))
        let plain = Self.matter("title: A\n" + String(repeating: "  word\n", count: lines) + "tags: x")
        #expect(plain.value("title") == "A" + String(repeating: " word", count: lines))
        let flow = Self.matter("tags: [\n" + String(repeating: "  a, b,\n", count: lines) + "  c]\ntitle: After")
        #expect((flow.lists["tags"] ?? []).count == 2 * lines + 1)
        #expect(flow.value("title") == "After")
        let sequence = Self.matter("tags:\n" + String(repeating: "  - t\n", count: lines) + "title: After")
        #expect((sequence.lists["tags"] ?? []).count == lines && sequence.value("title") == "After")
    }
}
