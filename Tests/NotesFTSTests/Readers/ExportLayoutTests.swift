import Testing
@testable import NotesFTS

@Suite struct ExportLayoutTests {
    @Test(arguments: [
        ("keep/Takeout/Keep/Labels.txt", true),
        ("keep/Takeout/Keep/Lisbon tips.html", true),
        ("keep/Takeout/Keep/Lisbon tips.json", false),
        ("simplenote/notes/Groceries for the week.txt", true),
        ("simplenote/notes/source/notes.json", false),
        ("html/apple-notes/Wine cellar.html", false),
        ("standard-notes/Standard Notes Backup and Import File.txt", false),
    ])
    func exportCopiesAreRecognised(relative: String, leftOut: Bool) {
        #expect((ExportLayout.reasonToLeaveOut(Samples.path(relative)) != nil) == leftOut)
    }

    @Test func aLabelsFileOutsideAKeepExportIsANote() {
        let folder = TestFolder()
        let path = folder.write("Labels.txt", "labels for the moving boxes")
        #expect(ExportLayout.reasonToLeaveOut(path) == nil)
    }

    /// An `X.html` beside an `X.json` that is not a Keep note (settings, another app's note), and a `Labels.txt`
    /// among such files, are notes: only Keep's own copies are left out.
    @Test func onlyAKeepNotesCopiesAreLeftOut() {
        let folder = TestFolder()
        let page = folder.write("plain/minutes.html", "<html><body><h1>Minutes</h1><p>heron sighting</p></body></html>")
        folder.write("plain/minutes.json", #"{"temperature": 21}"#)
        let other = folder.write("plain/report.html", "<p>report</p>")
        folder.write("plain/report.json", #"{"title": "Report", "body": "another app's note"}"#)
        let labels = folder.write("plain/Labels.txt", "moving boxes")
        for path in [page, other, labels] { #expect(ExportLayout.reasonToLeaveOut(path) == nil, "\(path)") }
        let copy = folder.write("keep/trip.html", "<p>trip</p>")
        folder.write("keep/trip.json", #"{"color": "DEFAULT", "isTrashed": false, "textContent": "trip", "title": "Trip"}"#)
        let keepLabels = folder.write("keep/Labels.txt", "travel")
        for path in [copy, keepLabels] { #expect(ExportLayout.reasonToLeaveOut(path) != nil, "\(path)") }
    }

    /// In a Simplenote export's folder, a `.txt` is left out only when it starts as a note of `notes.json` does;
    /// a text file of one's own put beside the export is a note.
    @Test func onlySimplenotesOwnCopiesAreLeftOut() {
        let folder = TestFolder()
        folder.write("export/source/notes.json", #"{"activeNotes": [{"id": "1", "content": "Groceries\r\noat milk"}], "trashedNotes": [{"id": "2", "content": "Old plan\nnothing"}]}"#)
        let copy = folder.write("export/Groceries.txt", "Groceries\noat milk\n")
        let trashed = folder.write("export/Old plan.txt", "Old plan\nnothing\n")
        let own = folder.write("export/Reading list.txt", "Reading list\nDune\n")
        #expect(ExportLayout.reasonToLeaveOut(copy) != nil)
        #expect(ExportLayout.reasonToLeaveOut(trashed) != nil)
        #expect(ExportLayout.reasonToLeaveOut(own) == nil)
    }
}
