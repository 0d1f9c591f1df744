import Testing
@testable import NotesFTS

@Suite struct JSONFieldMapTests {
    private let export = """
        [{"headline": "Q3 plan", "content": {"text": "ship search"}, "labels": [{"name": "work"}, {"name": "plans"}], "ts": 1700000000},
         {"headline": "Second", "content": {"text": "more"}, "labels": [], "ts": "2024-02-01T10:00:00Z"}]
        """

    private func read(_ map: String, _ text: String) throws -> [Note] {
        var notes: [Note] = []
        try JSONNoteReader.read(bytes: Array(text.utf8), path: "/x/e.json", jsonLines: false, map: try JSONFieldMap(map),
                                emit: { notes.append($0) }, warn: { _ in })
        return notes
    }

    @Test func mappedFieldsConvertLikeTheBuiltInReaders() throws {
        let notes = try read("title=headline,body=content.text,tags=labels[].name,created=ts", export)
        #expect(notes.map(\.title) == ["Q3 plan", "Second"])
        #expect(notes[0].body == "ship search")
        #expect(notes[0].tags == ["work", "plans"])
        #expect(Samples.stamp(notes[0].created) == "2023-11-14T22:13:20Z")
        #expect(Samples.stamp(notes[1].created) == "2024-02-01T10:00:00Z")
    }

    @Test func aMissingKeyIsAnErrorNamingIt() {
        #expect {
            try read("title=headline,body=content.body", export)
        } throws: { error in
            (error as? NoteReadError)?.reason.contains("has no key 'content.body' (mapped to body") == true
        }
        #expect(throws: Never.self) { try read("title=headline,body=content.body?", export) }
    }

    @Test(arguments: [
        ("titel=headline", "unknown field 'titel'"), ("title", "is not FIELD=KEY.PATH"),
        ("tags=labels[.name", "bad key path"), ("created=ts", "needs at least title= or body="),
    ])
    func badMapsAreRefused(map: String, message: String) {
        #expect {
            try JSONFieldMap(map)
        } throws: { error in
            (error as? NoteReadError)?.reason.contains(message) == true
        }
    }
}
