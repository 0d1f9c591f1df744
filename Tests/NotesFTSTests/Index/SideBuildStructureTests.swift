import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

/// The full-text index's structure a first build with a side writer leaves (``NoteIndex/setAutomerge(paused:)``,
/// ``FullTextStructure/splicing(_:renumbered:)``): nothing of the index's own is mid-merge when the side's
/// segments join it, so every segment is laid out anew and level 0 is left to incremental runs.
@Suite struct SideBuildStructureTests {
    /// What the build's hook saw (it runs on the test's thread, inside the build).
    private final class Seen: @unchecked Sendable {
        var structure: FullTextStructure?
        var automerge: String?
    }

    /// The structure record of the index at `path`.
    private static func structure(_ db: Connection) throws -> FullTextStructure? {
        try db.query("SELECT block FROM notes_fts_data WHERE id = ?1", [.integer(Int64(FullTextStructure.rowID))]) {
            $0.blob(0).flatMap(FullTextStructure.init(bytes:))
        }.first ?? nil
    }

    /// A small FTS5 hash and a commit after every batch of 25 notes make the writer write a segment at every
    /// commit. The index has no merge in progress when the splice starts (with one, the splice would leave the
    /// writer's segments where they were, level 0 included), `automerge` is FTS5's default again by then, and
    /// after it level 0 holds at most two small segments.
    @Test(arguments: [UInt64(3), 8])
    func theIndexIsNotMidMergeWhenTheSideJoinsIt(seed: UInt64) throws {
        let folder = TestFolder()
        var corpus = TopKCorpus(seed: seed)
        for number in 0..<300 {
            let note = corpus.note(number)
            folder.write("n/note\(number).md", "# \(note.title)\n\n\(note.body) \(corpus.words(400))\n")
        }
        let index = try NoteIndex(path: folder.database)
        let indexer = Indexer(index: index)
        indexer.batchSize = 25
        indexer.bulkLoad.commitInterval = 0
        indexer.bulkLoad.fullTextHashSize = 1 << 20
        indexer.bulkLoad.sideQueueBytes = 256
        let database = folder.database
        let seen = Seen()
        indexer.bulkLoad.beforeSplice = { _ in
            let reader = try Connection(path: database, mode: .readOnly)
            defer { reader.close() }
            seen.structure = try Self.structure(reader)
            seen.automerge = try reader.scalarText("SELECT v FROM notes_fts_config WHERE k = 'automerge'")
        }
        _ = try indexer.run(paths: [folder.notes])
        let before = try #require(seen.structure)
        #expect(!before.isMerging)
        #expect(seen.automerge == "4")
        let after = try #require(try Self.structure(index.connection))
        #expect(!after.isMerging)
        let levelZero = after.levels.first?.segments ?? []
        #expect(levelZero.count <= FullTextStructure.segmentsPerLevel)
        #expect(levelZero.allSatisfy { $0.pageCount <= FullTextStructure.levelZeroPages })
        #expect(index.isConsistent)
        #expect(try index.noteCount() == 300)
    }

    /// `automerge` is 0 while the notes load and 4 once the load's last transaction is committed, also after a
    /// load that failed (whose earlier commits kept the pause).
    @Test(arguments: [false, true])
    func automergeIsPausedOnlyWhileTheNotesLoad(failing: Bool) throws {
        struct Failed: Error {}
        let index = try TestFolder().openIndex()
        var settings = NoteIndex.BulkLoadSettings()
        settings.commitInterval = 0
        let automerge = "SELECT v FROM notes_fts_config WHERE k = 'automerge'"
        var during: String?
        do {
            try index.bulkLoad(settings) { session in
                #expect(session.sideWriter != nil)
                try session.commitIfDue()
                during = try index.connection.scalarText(automerge)
                if failing { throw Failed() }
            }
        } catch is Failed {}
        #expect(during == "0")
        #expect(try index.connection.scalarText(automerge) == "4")
    }
}
