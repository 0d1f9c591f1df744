import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

/// The end of a first build fills the word list and the top-k tables in committed steps: a build stopped
/// after any step is a consistent index that searches as the finished one does (scored in full, never from
/// part of the top-k tables), and the next run finishes it with the same tables as a build never stopped.
@Suite struct NoteIndexFirstBuildFillTests {
    private struct Interrupted: Error {}

    private static let ranking = RankingSettings(headSize: 24, minimumDocumentFrequency: 30, minimumShare: 0.05)

    /// Steps small enough that this corpus's fill takes many of them; `stop` interrupts after that step.
    private static func fill(stoppingAfter stop: Int?) -> NoteIndex.FirstBuildFill {
        var fill = NoteIndex.FirstBuildFill()
        fill.wordsPerStep = 30
        fill.spellingPairsPerStep = 2_500
        fill.postingsPerStep = 400
        if let stop { fill.afterStep = { if $0 == stop { throw Interrupted() } } }
        return fill
    }

    private static func writeCorpus(_ folder: TestFolder) {
        var corpus = TopKCorpus(seed: 20_261_201)
        for number in 0..<300 {
            let note = corpus.note(number)
            folder.write("\(["a", "b", "c"][number % 3])/note\(number).md", "# \(note.title)\n\(note.body)\n\(rareWord(number))")
        }
    }

    /// A word of letters only (so the word list keeps it) that only note `number` holds.
    private static func rareWord(_ number: Int) -> String {
        "rare" + String(String(number).unicodeScalars.map { Character(UnicodeScalar($0.value + 49) ?? "x") }) + "word"
    }

    /// Runs a first build of `folder`'s notes into `name`, stopping after step `stop` if given.
    private static func build(_ folder: TestFolder, into name: String, stoppingAfter stop: Int?) throws -> NoteIndex {
        let index = try NoteIndex(path: folder.root + "/" + name)
        index.rankingSettings = ranking
        let indexer = Indexer(index: index)
        indexer.bulkLoad.fill = fill(stoppingAfter: stop)
        _ = try indexer.run(paths: [folder.notes])
        return index
    }

    /// The derived tables' rows, in order, as text.
    private static func derivedTables(_ index: NoteIndex) throws -> [String: [String]] {
        let queries = [
            "vocabulary": "SELECT id, term, stem FROM vocabulary ORDER BY id",
            "spelling": "SELECT bucket, hex(entries), '' FROM spelling ORDER BY bucket",
            "topk_terms": "SELECT term, df, hex(frontier) FROM topk_terms ORDER BY term",
            "topk_heads": "SELECT term, first, hex(postings) FROM topk_heads ORDER BY term, first",
            "topk_postings": "SELECT term, first, hex(postings) FROM topk_postings ORDER BY term, first",
            "meta": "SELECT key, value, '' FROM meta WHERE key IN ('topk', 'first_build') ORDER BY key",
        ]
        return try queries.mapValues { sql in
            try index.connection.query(sql) { row in (0..<3).map { row.text(Int32($0)) ?? "" }.joined(separator: "|") }
        }
    }

    /// What a search finds, by id and score (exact words: the word list is only partly filled mid-build).
    private static func results(_ index: NoteIndex, _ query: String) throws -> [String] {
        var options = SearchOptions(limit: 30)
        options.exact = true
        return try index.search(query, options: options).map { "\($0.id) \($0.score)" }
    }

    private static let queries = ["alpha", "kilo", "november oscar", "w12x OR zulu", rareWord(17), "mike -lima"]

    @Test func aBuildStoppedAfterAnyStepSearchesCorrectlyAndTheNextRunFinishesIt() throws {
        let folder = TestFolder()
        Self.writeCorpus(folder)
        let complete = try Self.build(folder, into: "complete.sqlite", stoppingAfter: nil)
        let expected = try Self.derivedTables(complete)
        #expect(try complete.connection.scalarInt("SELECT count(*) FROM topk_terms") ?? 0 >= 10)
        #expect(try complete.hasUnfinishedFirstBuild() == false)
        let expectedTopK = expected.filter { $0.key.hasPrefix("topk") }
        var stops = 0
        var stopsInTopK = 0
        var stopsInWords = 0
        for stop in stride(from: 1, through: 60, by: 2) {
            let name = "stopped\(stop).sqlite"
            do {
                _ = try Self.build(folder, into: name, stoppingAfter: stop)
                break  // the fill has fewer steps than `stop`
            } catch is Interrupted {
                stops += 1
            }
            let stopped = try NoteIndex(path: folder.root + "/" + name)
            #expect(try stopped.hasUnfinishedFirstBuild(), "stopped after step \(stop)")
            #expect(stopped.isConsistent, "stopped after step \(stop)")
            #expect(try stopped.noteCount() == 300)
            // Top-k tables a query may use are complete (or empty, as they are before the fill).
            let tracked = try stopped.connection.scalarInt("SELECT count(*) FROM topk_terms") ?? 0
            if try RankingTables.isCurrent(stopped.connection), tracked > 0 {
                #expect(try Self.derivedTables(stopped).filter { $0.key.hasPrefix("topk") } == expectedTopK, "after step \(stop)")
            } else if tracked > 0 {
                stopsInTopK += 1
            }
            let words = try stopped.connection.scalarInt("SELECT count(*) FROM vocabulary") ?? 0
            if words > 0 && words < expected["vocabulary", default: []].count { stopsInWords += 1 }
            for query in Self.queries {
                #expect(try Self.results(stopped, query) == Self.results(complete, query), "\(query) after step \(stop)")
            }
            let summary = try Self.build(folder, into: name, stoppingAfter: nil)
            #expect(try summary.hasUnfinishedFirstBuild() == false)
            #expect(try Self.derivedTables(summary) == expected, "resumed after step \(stop)")
            #expect(summary.isConsistent)
        }
        #expect(stops >= 8, "the fill took \(stops) steps or fewer")
        #expect(stopsInTopK >= 2 && stopsInWords >= 2, "\(stops) stops: \(stopsInTopK) within the top-k tables, \(stopsInWords) the words")
    }

    @Test func aBuildInOneTransactionFillsTheSameTables() throws {
        let folder = TestFolder()
        Self.writeCorpus(folder)
        let stepped = try Self.build(folder, into: "stepped.sqlite", stoppingAfter: nil)
        let whole = try NoteIndex(path: folder.root + "/whole.sqlite")
        whole.rankingSettings = Self.ranking
        let indexer = Indexer(index: whole)
        indexer.bulkLoad.commitInterval = nil
        _ = try indexer.run(paths: [folder.notes])
        #expect(try Self.derivedTables(whole) == Self.derivedTables(stepped))
    }

    /// A reader that began before a commit keeps the log from starting over. Once the log holds more than the
    /// bound, ``NoteIndex/restartLogIfOver(_:)`` waits for that reader to finish (here 0.3 s) and checkpoints the
    /// log whole, so the next commit writes it from the start: its frames are that commit's alone. Without it,
    /// the next commit's frames are added to the 200 before.
    @Test(arguments: [true, false])
    func theLogStartsOverOnceItsReadersAreDone(restarting: Bool) throws {
        let folder = TestFolder()
        let index = try NoteIndex(path: folder.database)
        let db = index.connection
        func logFrames() throws -> Int64 {
            try db.query("PRAGMA main.wal_checkpoint(PASSIVE)") { $0.int64(1) }.first ?? -1
        }
        try db.execute("CREATE TABLE filler(x BLOB)")
        let reading = DispatchSemaphore(value: 0)
        let path = folder.database
        let readerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { readerDone.signal() }
            guard let reader = try? Connection(path: path, mode: .readOnly) else { reading.signal(); return }
            defer { reader.close() }
            try? reader.execute("BEGIN")
            _ = try? reader.scalarInt("SELECT count(*) FROM filler")
            reading.signal()
            Thread.sleep(forTimeInterval: 0.3)
            try? reader.execute("COMMIT")
        }
        reading.wait()
        try db.transaction { for _ in 0..<200 { try db.run("INSERT INTO filler(x) VALUES (zeroblob(4000))") } }
        #expect(try logFrames() >= 200)
        try index.restartLogIfOver(restarting ? 100 * 4_096 : .max)
        try db.run("INSERT INTO filler(x) VALUES (zeroblob(10))")
        let frames = try logFrames()
        #expect(restarting ? frames < 10 : frames > 200, "\(frames) frames")
        readerDone.wait()
    }
}
