import Testing
@testable import NotesFTS

/// ``TopKScorer`` adds the phrases' parts in the query's order, as FTS5's bm25 does, so that its scores are
/// FTS5's to the last bit even when a word comes back after another one (`alpha charlie alpha`): adding a
/// word's parts together first can round differently, and two notes FTS5 scores alike then come out in
/// another order.
struct TopKScorerTests {
    @Test func phrasesAreNumberedInTheQuerysOrder() throws {
        let index = try TestFolder().openIndex()
        let tokenizer = try RankingTables.tokenizer(index.connection)
        let shape = try TopKQuery(QueryParser.parse("alpha charlie alpha delta charlie"), tokenizer: tokenizer)
        #expect(shape.tokens == ["alpha", "charlie", "delta"])
        #expect(shape.phraseTokens == [0, 1, 0, 2, 1])
        #expect(shape.multiplicity == [2, 2, 1])
    }

    /// Every score of the fast path equals full scoring's exactly (not within 1e-9) for queries whose words
    /// come back out of sequence, on a seeded corpus where those words are tracked.
    @Test(arguments: ["alpha charlie alpha", "charlie alpha charlie delta", "alpha OR charlie OR alpha",
                      "(alpha OR delta) charlie delta"])
    func scoresEqualFTS5sToTheLastBit(_ text: String) throws {
        let index = try TestFolder().openIndex()
        index.rankingSettings = TopKExactnessTests.settings
        var corpus = TopKCorpus(seed: 20_261_202)
        try index.transaction { for number in 0..<300 { _ = try index.save(corpus.note(number)) } }
        try index.rebuildRankingTables()
        let query = QueryParser.parse(text)
        let options = SearchOptions(limit: 300)
        var full = options
        full.allowsTopK = false
        let expected = try index.search(query, options: full)
        let actual = try index.search(query, options: options)
        #expect(try index.rankingPath(query, options: options).hasPrefix("top-k: exact over"), "\(text)")
        #expect(expected.count > 20)
        #expect(actual.map(\.id) == expected.map(\.id), "\(text)")
        #expect(actual.map(\.score) == expected.map(\.score), "\(text)")
    }
}
