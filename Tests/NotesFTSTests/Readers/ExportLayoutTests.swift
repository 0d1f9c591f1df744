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
}
