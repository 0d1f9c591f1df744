import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

/// A first build whose full-text work is shared with a side writer and spliced in at the end
/// (``FullTextSideWriter``, ``FullTextSplice``) gives the index one writer would have given: the same
/// matches, scores and order, FTS5's integrity check passing, in every state the notes go through after it.
@Suite struct SideBuildTests {
    private struct Stopped: Error {}

    /// Writes notes `range` of a seeded corpus as Markdown files (`#` title, body with a word of its own,
    /// hashtags).
    private func write(_ range: Range<Int>, in folder: TestFolder, seed: UInt64) {
        var corpus = TopKCorpus(seed: seed)
        for number in range {
            let note = corpus.note(number)
            let tags = note.tags.map { "#" + $0 }.joined(separator: " ")
            folder.write("n\(number % 3)/note\(number).md",
                         "# \(note.title)\n\n\(note.body) \(Self.ownWord(number))\n\n\(tags)\n")
        }
    }

    /// A word only note `number` has (letters only, so the word list keeps it): `qa`, `qb`, … `qba`, ….
    static func ownWord(_ number: Int) -> String {
        var letters = "", rest = number
        repeat {
            letters = String(UnicodeScalar(UInt8(97 + rest % 26))) + letters
            rest /= 26
        } while rest > 0
        return "q" + letters
    }

    /// Indexes the folder into `path`, with small batches, a commit after every batch and a tiny FTS5 hash,
    /// so both writers make many segments and merges are in progress when the side is spliced in.
    private func run(_ folder: TestFolder, into index: NoteIndex, side: Bool) throws {
        let indexer = Indexer(index: index)
        indexer.batchSize = 7
        indexer.bulkLoad.commitInterval = 0
        indexer.bulkLoad.fullTextHashSize = 4_096
        indexer.bulkLoad.sideQueueBytes = 256
        indexer.bulkLoad.sideFullTextWriter = side
        _ = try indexer.run(paths: [folder.notes])
    }

    /// An indexer into `index` with batches of 5, a commit after each, and a side queue of `sideQueueBytes`.
    private func smallBatches(_ index: NoteIndex, sideQueueBytes: Int = .max) -> Indexer {
        let indexer = Indexer(index: index)
        indexer.batchSize = 5
        indexer.bulkLoad.commitInterval = 0
        indexer.bulkLoad.sideQueueBytes = sideQueueBytes
        return indexer
    }

    /// Runs a first build of the folder into `index` that stops, as a crash would, once its notes are committed
    /// and before its side file is spliced in.
    private func stopBeforeTheSplice(_ folder: TestFolder, _ index: NoteIndex) throws {
        let indexer = smallBatches(index)
        indexer.bulkLoad.beforeSplice = { _ in throw Stopped() }
        #expect(throws: Stopped.self) { try indexer.run(paths: [folder.notes]) }
    }

    /// Every match of `query` by FTS5 itself, best first: row id and bm25.
    private func ranked(_ index: NoteIndex, _ query: String) throws -> [String] {
        try index.connection.query("SELECT rowid, rank FROM notes_fts WHERE notes_fts MATCH ?1 ORDER BY rank, rowid",
                                   [.text(query)]) { "\($0.int64(0)) \($0.double(1))" }
    }

    /// A raw FTS5 query of the corpus's words: a word, AND, OR, NOT, a phrase, a prefix or a column filter.
    private func fullTextQuery(_ random: inout SeededGenerator) -> String {
        let word = { (random: inout SeededGenerator) in random.pick(TopKCorpus.words) }
        switch random.next() % 7 {
        case 0: return word(&random)
        case 1: return "\(word(&random)) \(word(&random))"
        case 2: return "\(word(&random)) OR \(word(&random))"
        case 3: return "\(word(&random)) NOT \(word(&random))"
        case 4: return "\"\(word(&random)) \(word(&random))\""
        case 5: return String(word(&random).prefix(2)) + "*"
        default: return "title:\(word(&random))"
        }
    }

    /// The two indexes agree on FTS5's records and on 150 seeded queries, raw and through `search`.
    private func expectSame(_ spliced: NoteIndex, _ serial: NoteIndex, seed: UInt64, state: String) throws {
        #expect(spliced.isConsistent, "\(state): integrity")
        #expect(serial.isConsistent, "\(state): integrity of the serial build")
        let averages = "SELECT block FROM notes_fts_data WHERE id = 1"
        #expect(try spliced.connection.query(averages) { $0.blob(0) } == serial.connection.query(averages) { $0.blob(0) },
                "\(state): averages")
        let sizes = "SELECT group_concat(id || ':' || hex(sz)) FROM (SELECT * FROM notes_fts_docsize ORDER BY id)"
        #expect(try spliced.connection.scalarText(sizes) == serial.connection.scalarText(sizes), "\(state): sizes")
        // The word list and its typo keys, which the build reads from the index and the side file apart.
        for derived in ["SELECT group_concat(id || ' ' || term || ' ' || stem, ',') FROM (SELECT * FROM vocabulary ORDER BY id)",
                        "SELECT group_concat(bucket || ':' || hex(entries)) FROM (SELECT * FROM spelling ORDER BY bucket)"] {
            let words = try spliced.connection.scalarText(derived)
            let serialWords = try serial.connection.scalarText(derived)
            #expect(words != nil && words == serialWords, "\(state): \(derived)")
        }
        var random = SeededGenerator(state: seed)
        var corpus = TopKCorpus(seed: seed)
        for _ in 0..<100 {
            let query = fullTextQuery(&random)
            #expect(try ranked(spliced, query) == ranked(serial, query), "\(state): \(query)")
        }
        for _ in 0..<50 {
            let query = corpus.query()
            let options = SearchOptions(limit: 20)
            let left = try spliced.search(query, options: options).map { "\($0.id) \($0.score)" }
            let right = try serial.search(query, options: options).map { "\($0.id) \($0.score)" }
            #expect(left == right, "\(state): search \(query)")
        }
    }

    @Test(arguments: [UInt64(11), 29])
    func aSplicedBuildEqualsOneWritersInEveryState(seed: UInt64) throws {
        let folder = TestFolder()
        write(0..<240, in: folder, seed: seed)
        let spliced = try NoteIndex(path: folder.database)
        let serial = try NoteIndex(path: folder.root + "/serial.sqlite")
        try run(folder, into: spliced, side: true)
        try run(folder, into: serial, side: false)
        #expect(try spliced.noteCount() == 240)
        #expect(!FileManager.default.fileExists(atPath: FullTextSideWriter.path(forIndex: folder.database)))
        try expectSame(spliced, serial, seed: seed, state: "fresh")

        // 10% of the notes changed, 5% deleted.
        var random = SeededGenerator(state: seed &+ 1)
        var numbers = Array(0..<240)
        for position in numbers.indices.reversed() {
            numbers.swapAt(position, Int(random.next() % UInt64(position + 1)))
        }
        var changed = TopKCorpus(seed: seed &+ 2)
        for number in numbers.prefix(24) {
            folder.write("n\(number % 3)/note\(number).md", "# \(changed.words(3))\n\n\(changed.words(40))\n")
        }
        for number in numbers.dropFirst(24).prefix(12) { folder.remove("n\(number % 3)/note\(number).md") }
        try run(folder, into: spliced, side: true)
        try run(folder, into: serial, side: false)
        try expectSame(spliced, serial, seed: seed &+ 3, state: "updated and deleted")

        // 30% more notes, no rebuild.
        write(240..<312, in: folder, seed: seed &+ 4)
        try run(folder, into: spliced, side: true)
        try run(folder, into: serial, side: false)
        #expect(try spliced.noteCount() == 300)
        try expectSame(spliced, serial, seed: seed &+ 5, state: "grown")
    }

    /// The build decides which notes the side indexes (every other one of the first 120 here), so both tables
    /// hold some. `notes_fts` is merged into one segment after them, gets 70 more notes, and is in the middle
    /// of merging those when the side's segments join it: the side's largest goes to the level where that
    /// merge writes its output, and must not become the output.
    @Test func theSideJoinsAMergeInProgress() throws {
        let folder = TestFolder()
        let spliced = try NoteIndex(path: folder.database)
        let serial = try NoteIndex(path: folder.root + "/serial.sqlite")
        var corpus = TopKCorpus(seed: 5)
        // Long notes, so that segments span pages and a merge can stop half way.
        let notes = (0..<190).map { number in
            var note = corpus.note(number)
            note.body += " " + corpus.words(400) + " " + Self.ownWord(number)
            return note
        }
        for (index, side) in [(spliced, true), (serial, false)] {
            var settings = NoteIndex.BulkLoadSettings()
            settings.commitInterval = 0
            settings.fullTextHashSize = 16_384
            settings.sideQueueBytes = .max
            settings.sideFullTextWriter = side
            try index.bulkLoad(settings) { session in
                #expect((session.sideWriter != nil) == side)
                for (number, note) in notes.enumerated() {
                    let source = SourceFile(path: note.path, size: 1, mtimeNanoseconds: 1, hash: "h\(number)")
                    try index.insertNewSource(source, rows: [NoteIndex.NoteRow(note, path: note.path, position: 0)],
                                              indexedAt: "2024-01-01T00:00:00Z", alsoFullText: true,
                                              side: number < 120 && number % 2 == 0 ? session.sideWriter : nil)
                    if number % 10 == 9 { try session.commitIfDue() }
                    if number == 119 {
                        try index.connection.execute("""
                            INSERT INTO notes_fts(notes_fts, rank) VALUES ('usermerge', 2);
                            INSERT INTO notes_fts(notes_fts, rank) VALUES ('merge', 100000)
                            """)
                    }
                }
                #expect(session.sideWriter?.rowCount ?? 60 == 60)
                // Start a merge and stop it after about 20 pages.
                try index.connection.execute("INSERT INTO notes_fts(notes_fts, rank) VALUES ('merge', 20)")
                let structure = try index.connection.query("SELECT block FROM notes_fts_data WHERE id = 10") { $0.blob(0) }
                #expect(structure.first?.flatMap(FullTextStructure.init(bytes:))?.isMerging == true)
            }
        }
        try expectSame(spliced, serial, seed: 5, state: "a merge in progress")
        // The merge in progress goes on, and every other merge after it, over segments of both writers.
        for index in [spliced, serial] {
            for _ in 0..<40 { try index.connection.execute("INSERT INTO notes_fts(notes_fts, rank) VALUES ('merge', 4)") }
        }
        try expectSame(spliced, serial, seed: 6, state: "merged")
    }

    /// After a crash before the splice, the next read-write open (an app's, `notes-index --check`) repairs the
    /// index at once, once the build's process is gone; a read-only open leaves it as it is.
    @Test func anOpenAfterTheBuildsProcessIsGoneRepairsIt() throws {
        let folder = TestFolder()
        write(0..<40, in: folder, seed: 4)
        do {
            let index = try NoteIndex(path: folder.database)
            try stopBeforeTheSplice(folder, index)
            #expect(!index.isConsistent)
            // As if the process that built it were gone.
            try index.connection.run("UPDATE meta SET value = ?1 WHERE key = 'first_build_owner'", [.integer(Int64(Int32.max - 7))])
            index.close()
        }
        let reader = try NoteIndex(path: folder.database, mode: .readOnly)
        #expect(try reader.connection.scalarInt("SELECT count(*) FROM notes_fts_docsize") ?? 0 < 40)
        reader.close()
        let reopened = try NoteIndex(path: folder.database)
        #expect(reopened.isConsistent)
        #expect(try reopened.connection.scalarInt("SELECT count(*) FROM notes_fts_docsize") == 40)
        #expect(try reopened.connection.scalarInt("SELECT count(*) FROM meta WHERE key = 'first_build_side'") == 0)
        #expect(try reopened.hasUnfinishedFirstBuild())
    }

    /// What another writer does while a build runs (between its commits).
    enum OtherWrite: CaseIterable, Sendable { case deleteSideNote, updateSideNote, addNote }

    /// An app that writes the index while a build runs (between its commits, here after the splice copied the
    /// side's rows and before its last transaction): a new note is stored, and the splice, which finds the
    /// index changed, rebuilds `notes_fts` from the notes instead; a change to a note whose text is still in
    /// the side file is refused (FTS5 does not have it yet) and rolled back. Either way the index ends
    /// consistent, with every write that was accepted.
    @Test(arguments: OtherWrite.allCases)
    func anotherWriterDuringTheBuild(write change: OtherWrite) throws {
        let folder = TestFolder()
        write(0..<60, in: folder, seed: 9)
        let index = try NoteIndex(path: folder.database)
        let indexer = smallBatches(index)
        let database = folder.database
        let accepted = Box()
        let sideID = Box()
        indexer.bulkLoad.beforeSplice = { sidePath in
            let side = try Connection(path: sidePath, mode: .readOnly)
            sideID.id = Int64(try side.scalarInt("SELECT min(id) FROM notes_fts_docsize") ?? 0)
            side.close()
        }
        indexer.bulkLoad.duringSplice = {
            let id = sideID.id
            let other = try NoteIndex(path: database)
            defer { other.close() }
            let path = try other.connection.scalarText("SELECT path FROM notes WHERE id = ?1", [.integer(id)]) ?? ""
            switch change {
            case .deleteSideNote: accepted.value = (try? other.deleteNote(id: id)) == true
            case .updateSideNote: accepted.value = (try? other.save(Note(path: path, title: "Changed", body: "qzzchanged"))) != nil
            case .addNote: accepted.value = (try? other.save(Note(path: "app://new", title: "Changed", body: "qzzchanged"))) != nil
            }
        }
        _ = try indexer.run(paths: [folder.notes])
        #expect(index.isConsistent)
        #expect(accepted.value == (change == .addNote))
        #expect(try index.noteCount() == (change == .addNote ? 61 : 60))
        #expect(try index.titles("qzzchanged") == (accepted.value ? ["Changed"] : []))
        #expect(try index.connection.scalarInt("SELECT count(*) FROM notes_fts_docsize") == (change == .addNote ? 61 : 60))
        #expect(try index.connection.scalarInt("SELECT count(*) FROM meta WHERE key = 'first_build_side'") == 0)
    }

    /// A flag the build's hook sets (it runs on the test's thread, inside the build).
    private final class Box: @unchecked Sendable {
        var value = false
        var id: Int64 = 0
    }

    /// While another process's first build still holds part of the text in its side file, the check says so
    /// (the FTS5 check fails until the splice), and nothing is repaired behind that build's back.
    @Test func theCheckNamesABuildThatStillRuns() throws {
        let folder = TestFolder()
        write(0..<30, in: folder, seed: 7)
        let index = try NoteIndex(path: folder.database)
        try stopBeforeTheSplice(folder, index)
        // As if another process were building: one that runs (process 1, or 2 when the tests are process 1).
        let other = Int64(getpid() == 1 ? 2 : 1)
        try index.connection.run("UPDATE meta SET value = ?1 WHERE key = 'first_build_owner'", [.integer(other)])
        let report = try index.checkIntegrity()
        #expect(!report.fullTextOK)
        #expect(report.buildingProcess == other)
        index.close()
        let reopened = try NoteIndex(path: folder.database)
        #expect(try reopened.checkIntegrity().buildingProcess == other)
        #expect(try reopened.connection.scalarInt("SELECT count(*) FROM notes_fts_docsize") ?? 0 < 30)
    }

    /// A build that failed in this process (an app's) is repaired when the app opens the index again.
    @Test func aBuildThatFailedInThisProcessIsRepairedWhenOpenedAgain() throws {
        let folder = TestFolder()
        write(0..<40, in: folder, seed: 6)
        do {
            let index = try NoteIndex(path: folder.database)
            try stopBeforeTheSplice(folder, index)
            #expect(!index.isConsistent)
            index.close()
        }
        let reopened = try NoteIndex(path: folder.database)
        #expect(reopened.isConsistent)
        #expect(try reopened.connection.scalarInt("SELECT count(*) FROM notes_fts_docsize") == 40)
    }

    /// A side file whose structure record the splice cannot read (as a later SQLite's would be): the notes it
    /// held are indexed again from the stored notes, and the index is still the one writer's.
    @Test func aSideFileThatCannotBeSplicedIsIndexedAgain() throws {
        let folder = TestFolder()
        write(0..<80, in: folder, seed: 8)
        let spliced = try NoteIndex(path: folder.database)
        let indexer = smallBatches(spliced, sideQueueBytes: 256)
        indexer.bulkLoad.beforeSplice = { path in
            let side = try Connection(path: path, mode: .readWrite)
            defer { side.close() }
            // The second format's marker after the cookie.
            try side.execute("UPDATE notes_fts_data SET block = x'00000001ff00000100000000' WHERE id = 10")
        }
        _ = try indexer.run(paths: [folder.notes])
        #expect(try spliced.connection.scalarInt("SELECT count(*) FROM notes_fts_docsize") == 80)
        let serial = try NoteIndex(path: folder.root + "/serial.sqlite")
        try run(folder, into: serial, side: false)
        try expectSame(spliced, serial, seed: 8, state: "indexed again")
    }

    /// A build stopped after its notes were committed but before the splice (as a crash would) leaves notes
    /// `notes_fts` does not know, and its mark; the next run rebuilds `notes_fts` and removes the side file.
    @Test func aBuildStoppedBeforeTheSpliceIsRepairedByTheNextRun() throws {
        let folder = TestFolder()
        write(0..<60, in: folder, seed: 3)
        let index = try NoteIndex(path: folder.database)
        try stopBeforeTheSplice(folder, index)
        #expect(try index.noteCount() == 60)
        #expect(try index.hasUnfinishedFirstBuild())
        let marked = "SELECT count(*) FROM meta WHERE key = 'first_build_side'"
        #expect(try index.connection.scalarInt(marked) == 1)
        let indexed = "SELECT count(*) FROM notes_fts_docsize"
        #expect(try index.connection.scalarInt(indexed) ?? 0 < 60)
        // A crash leaves the side file behind.
        let sidePath = FullTextSideWriter.path(forIndex: folder.database)
        _ = FileManager.default.createFile(atPath: sidePath, contents: Data("stale".utf8))
        #expect(FileManager.default.fileExists(atPath: sidePath))

        let next = Indexer(index: index)
        let summary = try next.run(paths: [folder.notes])
        #expect(summary.notes == 60)
        #expect(try index.connection.scalarInt(marked) == 0)
        #expect(try index.connection.scalarInt(indexed) == 60)
        #expect(try index.hasUnfinishedFirstBuild() == false)
        #expect(!FileManager.default.fileExists(atPath: sidePath))
        #expect(index.isConsistent)
        let serial = try NoteIndex(path: folder.root + "/serial.sqlite")
        try run(folder, into: serial, side: false)
        try expectSame(index, serial, seed: 3, state: "repaired")
    }
}
