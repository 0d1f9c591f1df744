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

/// What `--watch` does when an export appears beside notes already indexed: it refreshes only the paths that
/// changed (the export's files, or the folder they came in), yet the notes now left out as its copies lose
/// their notes at once, and get them back once the export is deleted, without waiting for a full walk.
@Suite struct IndexerExportCopyRefreshTests {
    /// The paths a watcher reports for `files` written into `notes`: each file, or the first folder of its path.
    static func changed(_ files: [(path: String, text: String)], in notes: String, asFolders: Bool) -> [String] {
        files.map { notes + "/" + (asFolders ? String($0.path.split(separator: "/")[0]) : $0.path) }
    }

    @Test(arguments: IndexerExportCopyTests.layouts, [false, true])
    func refreshingTheExportReconsidersItsCopies(layout: IndexerExportCopyTests.Layout, asFolders: Bool) throws {
        let folder = TestFolder()
        folder.write(layout.copy.path, layout.copy.text)
        let index = try folder.openIndex()
        _ = try folder.index(index)
        #expect(try index.titles("zebrafish").count == 1)

        for file in layout.export { folder.write(file.path, file.text) }
        var summary = try Indexer(index: index).refresh(Self.changed(layout.export, in: folder.notes, asFolders: asFolders), within: folder.notes)
        #expect(summary.removed == 1 && summary.leftOut == 1, "\(summary)")
        #expect(try index.titles("zebrafish").count == 1, "the copy's old note is still found")
        #expect(index.isConsistent)

        for file in layout.export { folder.remove(file.path) }
        summary = try Indexer(index: index).refresh(Self.changed(layout.export, in: folder.notes, asFolders: asFolders), within: folder.notes)
        #expect(summary.added == 1 && summary.leftOut == 0, "\(summary)")
        #expect(try index.titles("zebrafish").count == 1, "the copy is a note again")
        #expect(index.isConsistent)
    }
}
