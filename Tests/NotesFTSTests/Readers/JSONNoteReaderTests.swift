import Foundation
import Testing
@testable import NotesFTS

@Suite struct JSONNoteReaderTests {
    private func read(_ text: String, lines: Bool = false) throws -> [Note] {
        try JSONNoteReader.notes(text: text, path: "/x/n.json", jsonLines: lines, modified: nil)
    }

    @Test func singleObject() throws {
        let notes = try read(#"{"title": "Tea", "body": "green", "tags": "a, b", "created": "2024-01-02T03:04:05Z"}"#)
        #expect(notes.count == 1)
        #expect(notes[0].title == "Tea" && notes[0].body == "green")
        #expect(TagList.clean(notes[0].tags) == ["a", "b"])
        #expect(notes[0].created.map(Timestamp.format) == "2024-01-02T03:04:05Z")
    }

    @Test func arrayWithCommonFieldNames() throws {
        let notes = try read("""
            [{"name": "One", "content": "c1", "updated_at": 1700000000},
             {"title": "Two", "text": "c2", "modified": 1700000000000, "tags": ["x"]},
             {"text": "First line becomes title\\nmore"}]
            """)
        #expect(notes.map(\.title) == ["One", "Two", "First line becomes title"])
        #expect(notes[0].modified == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(notes[1].modified == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func arrayElementsKnowTheirLines() throws {
        let text = "[\n  {\"title\": \"a\", \"body\": \"x [{ \\\" }\"},\n\n  {\"title\": \"b\",\n   \"tags\": [{\"name\": \"t\"}]}\n]"
        #expect(try read(text).map(\.line) == [2, 4])
        let wrapped = "{\"activeNotes\": [\n{\"content\": \"one\"},\n{\"content\": \"two\"}],\n\"trashedNotes\": [\n{\"content\": \"x\"}]}"
        #expect(try read(wrapped).map(\.line) == [2, 3])
    }

    @Test func jsonLinesWithLineNumbers() throws {
        let notes = try read("{\"title\":\"a\",\"body\":\"x\"}\n\n{\"title\":\"b\",\"body\":\"y\"}\n", lines: true)
        #expect(notes.map(\.title) == ["a", "b"])
        #expect(notes.map(\.line) == [1, 3])
    }

    @Test func googleKeepExport() throws {
        let notes = try read("""
            {"title": "Packing", "listContent": [{"text": "socks", "isChecked": true}, {"text": "passport", "isChecked": false}],
             "labels": [{"name": "travel"}], "userEditedTimestampUsec": 1700000000000000, "isTrashed": false}
            """)
        #expect(notes.first?.body == "- [x] socks\n- [ ] passport")
        #expect(notes.first?.tags == ["travel"])
        #expect(notes.first?.modified == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func simplenoteExportSkipsTrash() throws {
        let notes = try read("""
            {"activeNotes": [{"id": "1", "content": "Title line\\nbody", "creationDate": "2024-02-01T10:00:00.000Z", "tags": ["s"]}],
             "trashedNotes": [{"id": "2", "content": "gone"}]}
            """)
        #expect(notes.map(\.title) == ["Title line"])
        #expect(try read(#"[{"title": "a", "isTrashed": true}]"#).isEmpty)
    }

    @Test(arguments: [
        ("{not json", "malformed JSON"),
        ("42", "expected a note object or an array of notes, found a number"),
        ("[1, 2]", "expected note objects, found a number"),
        (#"[{"id": 1}]"#, "no note fields"),
    ])
    func badInputNamesTheProblem(text: String, reason: String) {
        #expect {
            try read(text)
        } throws: { error in
            (error as? NoteReadError)?.reason.contains(reason) == true
        }
    }

    @Test func aMalformedJSONLinesLineIsReportedWithItsNumberAndSkipped() throws {
        var notes: [Note] = []
        var warnings: [NoteReadWarning] = []
        try JSONNoteReader.read(bytes: Array("{\"title\":\"a\"}\n{broken\n{\"title\":\"c\"}\n".utf8), path: "/x/n.jsonl",
                                jsonLines: true, emit: { notes.append($0) }, warn: { warnings.append($0) })
        #expect(notes.map(\.title) == ["a", "c"])
        #expect(notes.map(\.line) == [1, 3])
        #expect(warnings == [NoteReadWarning("malformed JSON at line 2 (expected a key in quotes); line skipped", part: .line)])
    }

    @Test func aJSONLinesFileWithNoReadableLineIsRefused() {
        #expect {
            try read("{broken\n[oops\n", lines: true)
        } throws: { error in
            (error as? NoteReadError)?.reason.hasPrefix("malformed JSON at line 1") == true
        }
    }

    @Test func jsonLinesInADotJSONFileIsAccepted() throws {
        #expect(try read("{\"title\":\"a\"}\n{\"title\":\"b\"}").count == 2)
    }

    /// A number under a title key is the title as written (it was passed over for the body's first line, and a
    /// note with only a numeric title was "no note fields"); booleans and null are still no title.
    @Test(arguments: [
        (#"[{"title": 2024, "body": "first line"}]"#, "2024"),
        (#"[{"title": -7, "body": "first line"}]"#, "-7"),
        (#"[{"title": 2.5, "body": "first line"}]"#, "2.5"),
        (#"[{"name": 42}]"#, "42"),
        (#"[{"title": true, "body": "first line"}]"#, "first line"),
        (#"[{"title": null, "body": "first line"}]"#, "first line"),
    ])
    func aNumberIsATitle(text: String, title: String) throws {
        #expect(try read(text).map(\.title) == [title])
    }
}
