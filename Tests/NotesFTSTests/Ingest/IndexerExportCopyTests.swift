import Foundation
import Testing
@testable import NotesFTS

/// A file indexed as a note, then left out as an export's copy once the export appears beside it
/// (``ExportLayout``): its old notes are removed as a deleted file's are (not found twice), a re-run changes
/// nothing, and it is indexed again once the export is gone.
@Suite struct IndexerExportCopyTests {
    /// An export that makes `copy` its copy: the files to write, the file to delete afterwards, and the copy.
    struct Layout: CustomTestStringConvertible, Sendable {
        var name: String
        var copy: (path: String, text: String)
        var export: [(path: String, text: String)]
        var testDescription: String { name }
    }

    static let layouts = [
        Layout(name: "Simplenote .txt beside notes.json",
               copy: ("a.txt", "Zebrafish dinner plan\nBuy zebrafish food tomorrow\n"),
               export: [("notes.json", #"{"activeNotes":[{"id":"1","content":"Zebrafish dinner plan\nBuy zebrafish food tomorrow","creationDate":"2024-01-01T00:00:00.000Z","lastModified":"2024-01-02T00:00:00.000Z","tags":[]}],"trashedNotes":[]}"#)]),
        Layout(name: "Simplenote .txt beside source/notes.json",
               copy: ("a.txt", "Zebrafish dinner plan\nBuy zebrafish food tomorrow\n"),
               export: [("source/notes.json", #"{"activeNotes":[{"id":"1","content":"Zebrafish dinner plan\nBuy zebrafish food tomorrow","tags":[]}]}"#)]),
        Layout(name: "Keep .html beside its .json",
               copy: ("Dinner.html", "<html><head><title>Zebrafish dinner plan</title></head><body>Buy zebrafish food tomorrow</body></html>"),
               export: [("Dinner.json", #"{"title":"Zebrafish dinner plan","textContent":"Buy zebrafish food tomorrow","isTrashed":false,"userEditedTimestampUsec":1700000000000000}"#)]),
    ]

    @Test(arguments: layouts)
    func aFileThatBecomesAnExportCopyLosesItsNotesUntilItIsNoCopy(layout: Layout) throws {
        let folder = TestFolder()
        folder.write(layout.copy.path, layout.copy.text)
        let index = try folder.openIndex()
        var (summary, warnings) = try folder.index(index)
        #expect(warnings.isEmpty && summary.added == 1 && summary.leftOut == 0)
        #expect(try index.titles("zebrafish").count == 1)

        for file in layout.export { folder.write(file.path, file.text) }
        (summary, warnings) = try folder.index(index)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(summary.leftOut == 1 && summary.removed == 1 && summary.added == 1, "\(summary)")
        #expect(try index.titles("zebrafish").count == 1, "the copy's old note is still found")
        #expect(index.isConsistent)

        (summary, _) = try folder.index(index)
        #expect(summary.leftOut == 1 && summary.removed == 0 && summary.read == 0 && summary.unchanged == 1, "\(summary)")
        #expect(try index.titles("zebrafish").count == 1)

        for file in layout.export { folder.remove(file.path) }
        (summary, _) = try folder.index(index)
        #expect(summary.leftOut == 0 && summary.removed == 1 && summary.added == 1, "\(summary)")
        #expect(try index.titles("zebrafish").count == 1, "the copy is a note again")
        #expect(index.isConsistent)
    }

    /// A single file named on its own, now an export's copy, loses its notes too.
    @Test func aCopyNamedAloneLosesItsNotes() throws {
        let folder = TestFolder()
        let copy = folder.write("a.txt", "Zebrafish dinner plan\nBuy zebrafish food tomorrow\n")
        let index = try folder.openIndex()
        _ = try Indexer(index: index).run(paths: [copy])
        folder.write("notes.json", #"{"activeNotes":[{"id":"1","content":"Zebrafish dinner plan\nmore"}]}"#)
        let summary = try Indexer(index: index).run(paths: [copy])
        #expect(summary.leftOut == 1 && summary.removed == 1, "\(summary)")
        #expect(try index.titles("zebrafish").isEmpty)
    }
}
