import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

@Suite struct FullTextSpliceTests {
    private struct Stopped: Error {}

    /// The splice copies its first step before `beforeFirstCommit` runs and commits nothing until it has run
    /// (a first build's word scan reads the index meanwhile, and its snapshot must not hold the log back);
    /// it runs once, however many steps the copy takes, and the index is whole afterwards.
    @Test func commitsNothingBeforeItsFirstCommitHook() throws {
        let folder = TestFolder()
        var corpus = TopKCorpus(seed: 41)
        for number in 0..<80 {
            let note = corpus.note(number)
            folder.write("n/note\(number).md", "# \(note.title)\n\n\(note.body)\n")
        }
        let index = try NoteIndex(path: folder.database)
        let indexer = Indexer(index: index)
        indexer.batchSize = 5
        indexer.bulkLoad.commitInterval = 0
        indexer.bulkLoad.sideQueueBytes = 2_000
        let kept = folder.root + "/kept-side.sqlite"
        // Keep the side file as the build left it, and stop there, as a crash would.
        indexer.bulkLoad.beforeSplice = { side in
            try FileManager.default.copyItem(atPath: side, toPath: kept)
            throw Stopped()
        }
        #expect(throws: Stopped.self) { try indexer.run(paths: [folder.notes]) }
        index.close()

        let database = folder.database
        func committedRows() throws -> Int {
            let reader = try Connection(path: database, mode: .readOnly)
            defer { reader.close() }
            return try reader.scalarInt("SELECT count(*) FROM notes_fts_data") ?? -1
        }
        let before = try committedRows()
        let splicer = try Connection(path: database)
        defer { splicer.close() }
        var calls: [Int] = []
        try FullTextSplice.splice(into: splicer, from: kept, rowsPerStep: 2, beforeFirstCommit: {
            calls.append((try? committedRows()) ?? -1)
        })
        #expect(calls == [before])
        #expect(try committedRows() > before)
        let spliced = try NoteIndex(path: database)
        #expect(spliced.isConsistent)
        #expect(try spliced.connection.scalarInt("SELECT count(*) FROM notes_fts_docsize") == 80)
    }
}
