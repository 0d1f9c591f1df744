import Testing
@testable import NotesFTS

/// ``TopKTokenStatistics``: an untracked word is read whole up to ``TopKTokenStatistics/untrackedLimit`` notes,
/// with FTS5's figures, and refused one note past it.
@Suite struct TopKTokenStatisticsTests {
    @Test func anUntrackedWordIsReadUpToTheLimitAndRefusedPastIt() throws {
        let index = try TestFolder().openIndex()
        index.rankingSettings = RankingSettings(headSize: 8, minimumDocumentFrequency: 1_000_000, minimumShare: 0.5)
        let limit = TopKTokenStatistics.untrackedLimit
        try index.transaction {
            for number in 0...limit {
                let beta = number < limit ? String(repeating: " beta", count: 1 + number % 3) : ""
                _ = try index.save(Note(path: "/n/\(number).md", title: number % 5 == 0 && number < limit ? "beta" : "note",
                                        body: "alpha\(beta) filler\(number % 11)", tags: []))
            }
        }
        try index.rebuildRankingTables()
        let db = index.connection
        #expect(try db.scalarInt("SELECT count(*) FROM topk_terms") == 0)
        #expect(try TopKTokenStatistics.load("alpha", db) == nil)
        let beta = try #require(try TopKTokenStatistics.load("beta", db))
        #expect(beta.documents == Int64(limit) && beta.entries.count == limit && beta.frontier == nil)
        let expected = try db.query("""
            SELECT rowid, notes_phrase_frequency(notes_fts), notes_row_size(notes_fts) FROM notes_fts
            WHERE notes_fts MATCH 'beta' ORDER BY rowid
            """) { TopKTokenStatistics.Entry(note: $0.int64(0), frequency: $0.double(1), size: $0.int(2)) }
        #expect(beta.entries.map(\.note) == expected.map(\.note))
        #expect(beta.entries.map(\.frequency) == expected.map(\.frequency))
        #expect(beta.entries.map(\.size) == expected.map(\.size))
    }
}
