import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

/// ``SplitWalk``: the two halves give what one walk gives, in every state the index can be in; a commit
/// landing after the second connection's last recording, a transaction begun before it, or a write
/// transaction open keeps the walk whole; and a phrase ranked from the halves ranks as full scoring does.
@Suite struct SplitWalkTests {
    private static let matches = ["\"alpha bravo\"", "\"alpha alpha\"", "alpha", "\"charlie delta\"", "w1x",
                                  "\"bravo charlie delta\"", "zzzz", "\"alpha w3x\""]

    @Test func halvesGiveTheWholeWalk() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        var corpus = TopKCorpus(seed: 71)
        try index.transaction { for number in 0..<300 { _ = try index.save(corpus.note(number)) } }
        try Self.check(index, state: "fresh")
        try index.transaction {
            for id in stride(from: 2, through: 300, by: 9) { _ = try index.deleteNote(id: Int64(id)) }
            for number in stride(from: 5, to: 300, by: 7) { _ = try index.save(corpus.note(number)) }
        }
        try Self.check(index, state: "updated and deleted")
        for number in 300..<400 { _ = try index.save(corpus.note(number)) }
        try Self.check(index, state: "grown, one segment a note")
    }

    private static func check(_ index: NoteIndex, state: String) throws {
        let db = index.connection
        let statistics = try MatchStatistics(db)
        // The first long walk after a write records the second connection's data_version and walks whole.
        #expect(try db.transaction(.deferred) { try SplitWalk.walk("alpha", db, statistics) } == nil, "\(state)")
        var splitAny = 0
        for match in matches {
            try db.transaction(.deferred) {
                var whole: [MatchStatistics.Row] = []
                try statistics.walk(match, db, into: &whole)
                guard let split = try SplitWalk.walk(match, db, statistics) else { return }
                splitAny += 1
                #expect(split.map { "\($0.id) \($0.frequency) \($0.size)" } == whole.map { "\($0.id) \($0.frequency) \($0.size)" },
                        "\(state): \(match)")
            }
        }
        #expect(splitAny == matches.count, "\(state): only \(splitAny) walks split")
    }

    /// An index of 100 generated notes, its writer, and a read-only index on the same file (as `notes-find`).
    private static func writerAndReader(seed: UInt64) throws -> (NoteIndex, NoteIndex) {
        let folder = TestFolder()
        let writer = try folder.openIndex()
        var corpus = TopKCorpus(seed: seed)
        try writer.transaction { for number in 0..<100 { _ = try writer.save(corpus.note(number)) } }
        return (writer, try NoteIndex(path: folder.database, mode: .readOnly))
    }

    @Test func aCommitSinceTheRecordingKeepsTheWalkWhole() throws {
        let (writer, reader) = try Self.writerAndReader(seed: 72)
        let db = reader.connection
        let statistics = try MatchStatistics(db)
        #expect(try db.transaction(.deferred) { try SplitWalk.walk("alpha", db, statistics) } == nil)
        #expect(try db.transaction(.deferred) { try SplitWalk.walk("alpha", db, statistics) } != nil)
        try db.transaction(.deferred) {
            var before: [MatchStatistics.Row] = []
            try statistics.walk("alpha", db, into: &before)
            // Another connection commits: the reader's snapshot stays, a new read transaction would not.
            _ = try writer.save(Note(path: "/late.md", title: "alpha", body: "alpha bravo"))
            #expect(try SplitWalk.walk("alpha", db, statistics) == nil)
            var after: [MatchStatistics.Row] = []
            try statistics.walk("alpha", db, into: &after)
            #expect(after.count == before.count)
        }
        // The next transaction sees the commit, and nothing was committed since the recording: split again.
        let split = try db.transaction(.deferred) { try SplitWalk.walk("alpha", db, statistics) }
        #expect(split?.count == (try db.transaction(.deferred) { () -> Int in
            var rows: [MatchStatistics.Row] = []
            try statistics.walk("alpha", db, into: &rows)
            return rows.count
        }))
    }

    /// A reader's transaction begun before the recording (a search inside a transaction of the caller's):
    /// a commit between its snapshot and the recording would not show in `data_version`, so it is not split.
    @Test func aTransactionBegunBeforeTheRecordingKeepsTheWalkWhole() throws {
        let (writer, reader) = try Self.writerAndReader(seed: 75)
        let db = reader.connection
        let statistics = try MatchStatistics(db)
        try db.transaction(.deferred) {
            var before: [MatchStatistics.Row] = []
            try statistics.walk("alpha", db, into: &before)
            _ = try writer.save(Note(path: "/late.md", title: "alpha", body: "alpha bravo"))
            // Records now, after the commit; the reader's snapshot is from before it.
            #expect(try db.savepoint { try SplitWalk.walk("alpha", db, statistics) } == nil)
            #expect(try db.savepoint { try SplitWalk.walk("alpha", db, statistics) } == nil)
            var after: [MatchStatistics.Row] = []
            try statistics.walk("alpha", db, into: &after)
            #expect(after.count == before.count)
        }
    }

    /// A note whose id is the largest SQLite allows is walked too (no `rowid < Int64.max` in the upper half).
    @Test func theLargestNoteIDIsWalked() throws {
        let index = try TestFolder().openIndex()
        let db = index.connection
        try index.transaction {
            for number in 0..<20 { _ = try index.save(Note(path: "/\(number).md", title: "alpha", body: "alpha \(number)")) }
            try db.execute("INSERT INTO notes(id, path, title, body) VALUES (9223372036854775807, '/last.md', 'alpha', 'alpha last')")
        }
        let statistics = try MatchStatistics(db)
        _ = try db.transaction(.deferred) { try SplitWalk.walk("alpha", db, statistics) }
        let split = try db.transaction(.deferred) { try SplitWalk.walk("alpha", db, statistics) }
        #expect(split?.count == 21)
        #expect(split?.last?.id == Int64.max)
    }

    @Test func aWriteTransactionKeepsTheWalkWhole() throws {
        let index = try TestFolder().openIndex()
        var corpus = TopKCorpus(seed: 73)
        try index.transaction {
            for number in 0..<50 { _ = try index.save(corpus.note(number)) }
            #expect(try SplitWalk.walk("alpha", index.connection, MatchStatistics(index.connection)) == nil)
        }
    }

    @Test func aPhraseRankedFromTheHalvesRanksAsFullScoring() throws {
        let index = try TestFolder().openIndex()
        var corpus = TopKCorpus(seed: 74)
        try index.transaction { for number in 0..<300 { _ = try index.save(corpus.note(number)) } }
        let db = index.connection
        for text in ["\"alpha bravo\"", "\"alpha bravo\" -charlie", "\"charlie delta\""] {
            let query = QueryParser.parse(text)
            var full = SearchOptions(limit: 10)
            full.allowsTopK = false
            let expected = try index.search(query, options: full)
            guard let phrase = PhraseRanking.phrase(of: query, tokenizer: try RankingTables.tokenizer(db)),
                  let totals = try RankingTables.totals(db) else {
                Issue.record("\(text) is not a phrase")
                continue
            }
            var options = SearchOptions(limit: 10)
            options.readsLeaves = false
            func top() throws -> (hits: [TopKPlan.Hit], notes: Int, walk: PhraseRanking.Walk) {
                try db.transaction(.deferred) {
                    try PhraseRanking.top(10, db, phrase: phrase, query: query, options: options, totals: totals,
                                          splitFrom: 0)
                }
            }
            _ = try top()
            let found = try top()
            #expect(found.walk == .halves, "\(text)")
            #expect(found.hits.map(\.id) == expected.map(\.id), "\(text)")
            let scores = zip(found.hits.map(\.score), expected.map(\.score))
            #expect(scores.allSatisfy { abs($0 - $1) <= 1e-9 * max(abs($0), abs($1)) }, "\(text)")
        }
    }
}
