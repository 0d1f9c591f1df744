import Foundation
import Testing
@testable import NotesFTS

/// A first build commits as it goes: an interrupted one leaves a consistent index of what it committed, and
/// the next run continues it in bulk.
@Suite struct BulkLoadSessionTests {
    private struct Interrupted: Error {}

    private func triggerCount(_ index: NoteIndex) throws -> Int? {
        try index.connection.scalarInt("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'")
    }

    /// Inserts note `number` as a first build does (no triggers, `notes_fts` fed directly).
    private func insert(_ number: Int, into index: NoteIndex) throws {
        let note = Note(path: "mem://\(number)", title: "Note \(number)", body: "word\(number) shared")
        let source = SourceFile(path: "mem://\(number)", size: 1, mtimeNanoseconds: 1, hash: "h\(number)")
        try index.insertNewSource(source, rows: [NoteIndex.NoteRow(note, path: source.path, position: 0)],
                                  indexedAt: "2024-01-01T00:00:00Z", alsoFullText: true)
    }

    @Test func anInterruptedBuildKeepsWhatItCommittedAndIsConsistent() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        var settings = NoteIndex.BulkLoadSettings()
        settings.commitInterval = 0
        #expect(throws: Interrupted.self) {
            try index.bulkLoad(settings) { session in
                for number in 0..<5 { try insert(number, into: index) }
                try session.commitIfDue()
                for number in 5..<9 { try insert(number, into: index) }
                throw Interrupted()
            }
        }
        #expect(try index.noteCount() == 5)
        #expect(try triggerCount(index) == 3)
        #expect(try index.hasUnfinishedFirstBuild())
        #expect(try index.titles("word4") == ["Note 4"])
        #expect(try index.titles("word5").isEmpty)
        #expect(index.isConsistent)
    }

    @Test func oneTransactionWithoutAnInterval() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        var settings = NoteIndex.BulkLoadSettings()
        settings.commitInterval = nil
        #expect(throws: Interrupted.self) {
            try index.bulkLoad(settings) { session in
                for number in 0..<5 { try insert(number, into: index) }
                try session.commitIfDue()
                throw Interrupted()
            }
        }
        #expect(try index.noteCount() == 0)
        #expect(try index.hasUnfinishedFirstBuild() == false)
        #expect(try triggerCount(index) == 3)
    }

    @Test func aFinishedBuildClearsTheMark() throws {
        let folder = TestFolder()
        for number in 0..<12 { folder.write("n\(number).md", "# Note \(number)\nword\(number) shared") }
        let index = try folder.openIndex()
        let indexer = Indexer(index: index)
        indexer.batchSize = 5
        indexer.bulkLoad.commitInterval = 0
        let summary = try indexer.run(paths: [folder.notes])
        #expect(summary.added == 12 && summary.notes == 12)
        #expect(try index.hasUnfinishedFirstBuild() == false)
        #expect(try triggerCount(index) == 3)
        #expect(index.isConsistent)
    }

    /// A first build another running process has marked as its own is not continued here (two processes both
    /// continued one build and both finished it, the second failing on the first's word list): refused as the
    /// lock it is, with nothing written. The mark of a process that has ended is taken over and cleared.
    @Test(arguments: [(getpid() == 1 ? 2 : 1, true), (Int32.max - 7, false)])
    func aFirstBuildMarkedByAnotherProcessIsItsUntilThatProcessEnds(owner: Int32, alive: Bool) throws {
        let folder = TestFolder()
        for number in 0..<6 { folder.write("n\(number).md", "# Note \(number)\nword\(number)") }
        let index = try folder.openIndex()
        #expect((kill(owner, 0) == 0 || errno == EPERM) == alive)
        try index.connection.execute("""
            INSERT INTO meta(key, value) VALUES ('first_build', 'incomplete'), ('first_build_owner', '\(owner)')
            """)
        let indexer = Indexer(index: index)
        indexer.bulkLoad.commitInterval = 0
        if alive {
            let error = try #require(throws: NotesFTSError.self) { try indexer.run(paths: [folder.notes]) }
            #expect(error.description.contains("locked by another program writing to it"), "\(error)")
            #expect(try index.noteCount() == 0 && index.hasUnfinishedFirstBuild())
        } else {
            #expect(try indexer.run(paths: [folder.notes]).added == 6)
            #expect(try index.hasUnfinishedFirstBuild() == false)
            #expect(try index.connection.scalarInt("SELECT count(*) FROM meta WHERE key = 'first_build_owner'") == 0)
            #expect(index.isConsistent)
        }
    }

    @Test func theNextRunContinuesAnUnfinishedBuild() throws {
        let folder = TestFolder()
        for number in 0..<10 { folder.write("n\(number).md", "# Note \(number)\nword\(number) shared") }
        let index = try folder.openIndex()
        _ = try folder.index(index)
        // The state an interrupted first build commits: these notes, the triggers, and the mark.
        try index.connection.execute("INSERT INTO meta(key, value) VALUES ('first_build', 'incomplete')")
        for number in 10..<25 { folder.write("n\(number).md", "# Note \(number)\nword\(number) shared") }
        folder.write("n3.md", "# Note 3\nreplaced words here")
        folder.remove("n4.md")
        let indexer = Indexer(index: index)
        indexer.batchSize = 4
        indexer.bulkLoad.commitInterval = 0
        let summary = try indexer.run(paths: [folder.notes])
        #expect(summary.added == 15 && summary.updated == 1 && summary.removed == 1 && summary.unchanged == 8)
        #expect(summary.notes == 24)
        #expect(try index.hasUnfinishedFirstBuild() == false)
        #expect(try triggerCount(index) == 3)
        #expect(try index.titles("replaced") == ["Note 3"])
        #expect(try index.titles("word3").isEmpty && index.titles("word4").isEmpty)
        #expect(try index.titles("word20") == ["Note 20"])
        #expect(index.isConsistent)
    }
}
