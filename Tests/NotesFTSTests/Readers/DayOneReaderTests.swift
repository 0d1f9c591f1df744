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
}
