import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

@Suite struct FullTextSpliceTests {
    private struct Stopped: Error {}

    /// A first build of 80 notes in small batches, stopped before its splice as a crash would; returns the
    /// side file as the build left it.
    private func stoppedBuild(in folder: TestFolder) throws -> String {
        var corpus = TopKCorpus(seed: 41)
        for number in 0..<80 {
            let note = corpus.note(number)
            folder.write("n/note\(number).md", "# \(note.title)\n\n\(note.body)\n")
        }
        let index = try NoteIndex(path: folder.database)
        defer { index.close() }
        let indexer = Indexer(index: index)
        indexer.batchSize = 5
        indexer.bulkLoad.commitInterval = 0
        indexer.bulkLoad.sideQueueBytes = 2_000
        let kept = folder.root + "/kept-side.sqlite"
        indexer.bulkLoad.beforeSplice = { side in
            try FileManager.default.copyItem(atPath: side, toPath: kept)
            throw Stopped()
        }
        #expect(throws: Stopped.self) { try indexer.run(paths: [folder.notes]) }
        return kept
    }

    /// A connection that may splice: it accepts URIs (the side file is attached read-only).
    private func splicer(_ path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws -> Connection {
        var configuration = Connection.Configuration()
        configuration.acceptsURIs = true
        configuration.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        return try Connection(path: path, configuration: configuration)
    }

    /// The splice copies its first step before `beforeFirstCommit` runs and commits nothing until it has run
    /// (a first build's word scan reads the index meanwhile, and its snapshot must not hold the log back);
    /// it runs once, however many steps the copy takes, and the index is whole afterwards.
    @Test func commitsNothingBeforeItsFirstCommitHook() throws {
        let folder = TestFolder()
        let kept = try stoppedBuild(in: folder)
        let database = folder.database
        func committedRows() throws -> Int {
            let reader = try Connection(path: database, mode: .readOnly)
            defer { reader.close() }
            return try reader.scalarInt("SELECT count(*) FROM notes_fts_data") ?? -1
        }
        let before = try committedRows()
        let splicer = try splicer(database)
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

    /// The word scan reads the side file while the splice commits: the splice must not wait for it. It
    /// attached the file for writing once, and each commit then waited for the reader to finish (1.3 s in a
    /// build of 100k notes) or failed after the busy timeout ("database is locked").
    @Test func aReaderOfTheSideFileDoesNotHoldTheSpliceBack() throws {
        let folder = TestFolder()
        let kept = try stoppedBuild(in: folder)
        let reader = try Connection(path: kept, mode: .readOnly)
        defer { reader.close() }
        let reading = try reader.prepare("SELECT id FROM notes_fts_data")
        defer { reading.finalize() }
        #expect(try reading.step())
        let splicer = try splicer(folder.database, busyTimeoutMilliseconds: 100)
        defer { splicer.close() }
        try FullTextSplice.splice(into: splicer, from: kept, rowsPerStep: 4)
        #expect(try reading.step())
        let spliced = try NoteIndex(path: folder.database)
        #expect(spliced.isConsistent)
        #expect(try spliced.connection.scalarInt("SELECT count(*) FROM notes_fts_docsize") == 80)
    }
}
