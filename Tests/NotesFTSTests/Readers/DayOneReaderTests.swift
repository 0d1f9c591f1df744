import Testing
@testable import NotesFTS

@Suite struct DayOneReaderTests {
    @Test func journalEntriesHaveTitleUnescapedTextTagsAndDates() throws {
        let notes = try Samples.notes("day-one/Journal.json")
        #expect(notes.map(\.title) == ["Tram 28 at dusk"])
        #expect(notes[0].body.hasSuffix("Pastéis de nata at Manteigaria - worth the queue!"))
        #expect(notes[0].tags == ["travel", "lisbon"])
        #expect(Samples.stamp(notes[0].created) == "2024-07-14T18:42:10Z")
        #expect(Samples.stamp(notes[0].modified) == "2024-07-15T07:03:55Z")
    }

    @Test(arguments: [("a\\.b", "a.b"), ("C:\\\\path", "C:\\path"), ("keep \\q", "keep \\q"), ("end\\", "end\\")])
    func markdownEscapesAreRemoved(raw: String, text: String) {
        #expect(DayOneReader.unescape(raw) == text)
    }

    /// An `entries` wrapper is not enough to make a file a Day One journal: entries with other note fields
    /// are read as notes (they were all dropped, silently, as Day One entries without text).
    @Test(arguments: [
        (#"{"entries":[{"title":"Shopping","content":"buy narwhal food"},{"title":"Second","body":"other text"}]}"#,
         ["Shopping", "Second"], ["buy narwhal food", "other text"]),
        (#"{"entries":[{"title":"Titled","text":"a\\.b"}]}"#, ["Titled"], ["a\\.b"]),
        (#"{"entries":[{"name":"Named","text":"x"},{"text":"Day One\\.\nentry","creationDate":"2024-07-14T18:42:10Z"}]}"#,
         ["Named", "Day One."], ["x", "Day One.\nentry"]),
    ])
    func entriesThatAreNotDayOneEntriesAreReadAsNotes(json: String, titles: [String], bodies: [String]) throws {
        let notes = try JSONNoteReader.notes(text: json, path: "/x/export.json", jsonLines: false, modified: nil)
        #expect(notes.map(\.title) == titles)
        #expect(notes.map(\.body) == bodies)
    }

    /// Entries with no note field at all make the file an error, not a silent success with no notes.
    @Test(arguments: [#"{"entries":[{"id":1},{"photos":[]}]}"#, #"{"metadata":{},"entries":[{"uuid":"u","starred":true}]}"#])
    func entriesWithoutNoteFieldsAreAnError(json: String) {
        #expect {
            try JSONNoteReader.notes(text: json, path: "/x/export.json", jsonLines: false, modified: nil)
        } throws: { error in
            (error as? NoteReadError)?.reason.hasPrefix("no note fields") == true
        }
    }
}
