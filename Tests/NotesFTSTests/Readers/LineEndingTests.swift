import Testing
@testable import NotesFTS

/// Every reader reads LF, CRLF and lone-CR files alike: same title, tags, dates and body lines.
@Suite struct LineEndingTests {
    static let documents: [(file: String, text: String, title: String, tags: [String])] = [
        ("a.txt", "Groceries\nmilk #home\n", "Groceries", ["home"]),
        ("a.md", "---\ntitle: Plan\ntags: [x]\n---\n# Ignored\nbody #y\n", "Plan", ["x", "y"]),
        ("Reading 8e1c2d3f4a5b6c7d8e9f0a1b2c3d4e5f.md", "# Reading\n\nTags: books\n\nbody\n", "Reading", ["books"]),
        ("p.md", "title:: Props\ntags:: a\n\nbody\n", "Props", ["a"]),
        ("a.rst", "Deploy\n======\n\n:tags: ops\n\nbody\n", "Deploy", ["ops"]),
        ("a.adoc", "= Runbook\n:keywords: ops\n\nbody\n", "Runbook", ["ops"]),
        ("a.org", "#+TITLE: Garden\n#+FILETAGS: :home:\n* Task :seeds:\n", "Garden", ["home", "seeds"]),
        ("a.html", "<html>\n<head>\n<title>Wine</title>\n</head>\n<body>\n<p>Barolo</p>\n</body>\n</html>\n", "Wine", []),
        ("a.enex", "<en-export>\n<note>\n<title>Trip</title>\n<tag>t</tag>\n<content>x</content>\n</note>\n</en-export>\n", "Trip", ["t"]),
        ("a.json", "{\"content\": \"Groceries for the week\\nmilk\", \"tags\": [\"e\"]}\n", "Groceries for the week", ["e"]),
        ("a.jsonl", "{\"content\": \"Groceries for the week\\nmilk\"}\n{\"content\": \"Second\\nnote\"}\n", "Groceries for the week", []),
    ]

    static let endings = ["\n", "\r\n", "\r"]

    @Test(arguments: documents, endings)
    func sameNoteWhateverTheLineEnding(document: (file: String, text: String, title: String, tags: [String]), ending: String) throws {
        // Both the file's own line breaks and the ones escaped inside JSON strings.
        var text = document.text.replacingOccurrences(of: "\n", with: ending)
        text = text.replacingOccurrences(of: "\\n", with: ending == "\n" ? "\\n" : ending == "\r\n" ? "\\r\\n" : "\\r")
        if document.file.hasSuffix(".jsonl") && ending == "\r" { return } // JSON Lines are LF-separated by definition
        var notes: [Note] = []
        try NoteFileReader.read(bytes: Array(text.utf8), path: "/x/" + document.file, dates: .none,
                                emit: { notes.append($0) }, warn: { Issue.record("warning: \($0)") })
        #expect(notes.first?.title == document.title)
        #expect(notes.first?.tags == document.tags)
        if document.file.hasSuffix(".jsonl") { #expect(notes.map(\.line) == [1, 2]) }
    }

    @Test(arguments: endings)
    func linesAreCountedWithEveryEnding(ending: String) throws {
        let text = ["---", "title: T", "---", "body"].joined(separator: ending)
        #expect(TextNoteReader.note(text: text, path: "/x/a.md", isMarkdown: true, modified: nil).line == 4)
        let json = ["[", "{\"title\": \"a\"},", "", "{\"title\": \"b\"}", "]"].joined(separator: ending)
        #expect(try JSONNoteReader.notes(text: json, path: "/x/a.json", jsonLines: false, modified: nil).map(\.line) == [2, 4])
        #expect(TextNormalization.normalize("a\(ending)b") == "a\nb")
    }
}
