import Foundation
import Testing
@testable import NotesFTS

/// Pages ordered by date with scores: the scores ``PageScorer`` computes from the posting lists equal FTS5's
/// `rank` for the same notes (relative difference ≤ 1e-9), on seeded queries over a corpus with many frequent
/// words, fresh and after updates and deletions.
struct PageScorerTests {
    @Test func computedScoresEqualFTS5s() throws {
        let index = try TestFolder().openIndex()
        index.rankingSettings = TopKExactnessTests.settings
        var corpus = TopKCorpus(seed: 20_261_201)
        var ids: [Int64] = []
        try index.transaction { for number in 0..<400 { ids.append(try index.save(corpus.note(number))) } }
        try index.rebuildRankingTables()
        try check(index, &corpus, state: "fresh")
        try index.transaction {
            for number in 0..<400 where number % 10 == 3 { try index.save(corpus.note(number)) }
            for number in 0..<400 where number % 20 == 7 { try index.deleteNote(id: ids[number]) }
        }
        try check(index, &corpus, state: "updated and deleted")
    }

    private func check(_ index: NoteIndex, _ corpus: inout TopKCorpus, state: String) throws {
        var computed = 0
        for _ in 0..<150 {
            let query = corpus.parsedQuery()
            guard let match = query.matchExpression else { continue }
            var options = SearchOptions(limit: 20, offset: corpus.random.chance(20) ? 5 : 0, sort: .modified)
            options.includeScores = true
            let results = try index.search(query, options: options)
            let rank = Dictionary(uniqueKeysWithValues: try index.read { db in
                try db.query("SELECT rowid, -rank FROM notes_fts WHERE notes_fts MATCH ?1", [.text(match)]) {
                    ($0.int64(0), $0.double(1))
                }
            })
            for result in results {
                let expected = try #require(rank[result.id])
                #expect(abs(result.score - expected) <= 1e-9 * abs(expected), "\(state): \(query.treeDescription) note \(result.id)")
            }
            if try index.read({ try PageScorer($0, query) }) != nil, !results.isEmpty { computed += 1 }
        }
        // The computed scores must actually be used, or this test proves nothing.
        #expect(computed >= 40, "\(state): only \(computed) of 150 pages were scored from the posting lists")
    }
}
