import Foundation
import Testing
@testable import NotesFTS

/// An index kept inside the folder it indexes: its own files are not "other files not read".
@Suite struct IndexerOwnFilesTests {
    @Test func theIndexsOwnFilesAreNotCountedAsOtherFiles() throws {
        let folder = TestFolder()
        folder.write("a.md", "# Alpha\nokapi")
        folder.writeBytes("picture.png", [0x89, 0x50])
        let index = try NoteIndex(path: folder.notes + "/notes.sqlite")
        defer { index.close() }
        try index.save(Note(path: "app://1", title: "x", body: "y"))
        #expect(FileManager.default.fileExists(atPath: folder.notes + "/notes.sqlite-wal"))
        var notices: [IndexWarning] = []
        let indexer = Indexer(index: index)
        indexer.onNotice = { notices.append($0) }
        let summary = try indexer.run(paths: [folder.notes])
        #expect(summary.otherFiles == [".png": 1])
        #expect(!notices.contains { $0.path.contains("notes.sqlite") }, "\(notices)")
        #expect(try index.search("okapi").count == 1)
    }
}
