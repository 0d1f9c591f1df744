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

    /// The writer writes a segment of about 20 pages at each of 8 commits (a ninth of the notes go to the side)
    /// and one of about 100 at the last. Had `automerge` been restored before that last flush, FTS5 would have
    /// started merging level 0's nine segments and stopped after 64 pages (it did), and the splice would have
    /// had to leave the writer's segments where they were, level 0 included. The writer's segments are merged
    /// into one (`'optimize'`) before the splice starts, `automerge` is still paused then and restored after,
    /// and level 0 ends with at most two small segments.
    @Test func theIndexIsNotMidMergeWhenTheSideJoinsIt() throws {
        let index = try TestFolder().openIndex()
        var corpus = TopKCorpus(seed: 12)
        let notes = (0..<296).map { number in
            var note = corpus.note(number)
            note.body += " " + corpus.words(2_000)
            return note
        }
        let seen = Seen()
        let database = index.path
        var settings = NoteIndex.BulkLoadSettings()
        settings.commitInterval = 0
        settings.fullTextHashSize = 64 << 20
        settings.sideQueueBytes = .max
        settings.beforeSplice = { _ in
            let reader = try Connection(path: database, mode: .readOnly)
            defer { reader.close() }
            seen.structure = try Self.structure(reader)
            seen.automerge = try reader.scalarText("SELECT v FROM notes_fts_config WHERE k = 'automerge'")
        }
        try index.bulkLoad(settings) { session in
            for (number, note) in notes.enumerated() {
                let source = SourceFile(path: note.path, size: 1, mtimeNanoseconds: 1, hash: "h\(number)")
                try index.insertNewSource(source, rows: [NoteIndex.NoteRow(note, path: note.path, position: 0)],
                                          indexedAt: "2024-01-01T00:00:00Z", alsoFullText: true,
                                          side: number % 9 == 0 ? session.sideWriter : nil)
                if number % 22 == 21 && number < 176 { try session.commitIfDue() }
            }
        }
        let before = try #require(seen.structure)
        #expect(!before.isMerging, "\(before.levels.map { ($0.merging, $0.segments.map(\.pageCount)) })")
        #expect(before.segmentIDs.count == 1, "the writer's nine segments merged into one before the splice")
        #expect(seen.automerge == "0")
        #expect(try index.connection.scalarText("SELECT v FROM notes_fts_config WHERE k = 'automerge'") == "4")
        let after = try #require(try Self.structure(index.connection))
        #expect(!after.isMerging)
        let levelZero = after.levels.first?.segments ?? []
        #expect(levelZero.count <= FullTextStructure.segmentsPerLevel)
        #expect(levelZero.allSatisfy { $0.pageCount <= FullTextStructure.levelZeroPages })
        #expect(index.isConsistent)
        #expect(try index.noteCount() == 296)
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

    /// A build refused because another process owns the first build (process 1 here, which always runs)
    /// leaves that build's `automerge` and structure record alone: restoring it would undo the other build's
    /// pause, and the record's new cookie would make its splice rebuild `notes_fts` instead.
    @Test func aRefusedBuildLeavesTheOthersAutomergeAlone() throws {
        let index = try TestFolder().openIndex()
        let db = index.connection
        try db.execute("""
            INSERT INTO notes_fts(notes_fts, rank) VALUES ('automerge', 0);
            INSERT INTO meta(key, value) VALUES ('first_build', 'incomplete'), ('first_build_owner', '1')
            """)
        let record = "SELECT hex(block) FROM notes_fts_data WHERE id = 10"
        let before = try db.scalarText(record)
        var settings = NoteIndex.BulkLoadSettings()
        settings.commitInterval = 0
        #expect(throws: (any Error).self) { try index.bulkLoad(settings) { _ in } }
        #expect(try db.scalarText("SELECT v FROM notes_fts_config WHERE k = 'automerge'") == "0")
        #expect(try db.scalarText(record) == before)
    }
}
