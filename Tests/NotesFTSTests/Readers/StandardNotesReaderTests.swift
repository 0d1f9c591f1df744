import Testing
@testable import NotesFTS

@Suite struct StandardNotesReaderTests {
    @Test func backupSavedAsTxtGivesLiveNotesWithTagsFromTagItems() throws {
        let notes = try Samples.notes("standard-notes/Standard Notes Backup and Import File.txt")
        #expect(notes.map(\.title) == ["Book recommendations"])
        #expect(notes[0].tags == ["reading"])
        #expect(notes[0].body.contains("The Left Hand of Darkness"))
        #expect(Samples.stamp(notes[0].created) == "2024-06-01T08:00:00Z")
        #expect(Samples.stamp(notes[0].modified) == "2024-06-03T20:11:00Z")
        #expect(notes[0].line == 4)
    }

    @Test func encryptedAndDeletedItemsAreLeftOut() throws {
        let text = """
            {"items": [{"uuid": "1", "content_type": "Note", "content": "004:abcd:encrypted"},
                       {"uuid": "2", "content_type": "Note", "deleted": true, "content": {"title": "x", "text": "y"}},
                       {"uuid": "3", "content_type": "Note", "content": {"title": "kept", "text": "z"}}]}
            """
        let notes = try JSONNoteReader.notes(text: text, path: "/x/b.json", jsonLines: false, modified: nil)
        #expect(notes.map(\.title) == ["kept"])
    }
}
