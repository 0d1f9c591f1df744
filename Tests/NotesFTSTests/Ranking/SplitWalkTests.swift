import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

/// ``SplitWalk``: the two halves give what one walk gives, in every state the index can be in; a commit
/// landing between the two connections' reads, or a write transaction open, keeps the walk whole; and a
/// phrase ranked from the halves ranks as full scoring does.
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

    @Test func aCommitBetweenTheTwoReadsKeepsTheWalkWhole() throws {
        let folder = TestFolder()
        let writer = try folder.openIndex()
        var corpus = TopKCorpus(seed: 72)
        try writer.transaction { for number in 0..<100 { _ = try writer.save(corpus.note(number)) } }
        let reader = try NoteIndex(path: folder.database, mode: .readOnly)
        let db = reader.connection
        let statistics = try MatchStatistics(db)
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
        // Once the reader's next transaction sees the commit, the walk splits again.
        let split = try db.transaction(.deferred) { try SplitWalk.walk("alpha", db, statistics) }
        #expect(split != nil)
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
            let found = try db.transaction(.deferred) {
                try PhraseRanking.top(10, db, phrase: phrase, query: query, options: SearchOptions(limit: 10), totals: totals,
                                      splitFrom: 0)
            }
            #expect(found.split, "\(text)")
            #expect(found.hits.map(\.id) == expected.map(\.id), "\(text)")
            let scores = zip(found.hits.map(\.score), expected.map(\.score))
            #expect(scores.allSatisfy { abs($0 - $1) <= 1e-9 * max(abs($0), abs($1)) }, "\(text)")
        }
    }
}
