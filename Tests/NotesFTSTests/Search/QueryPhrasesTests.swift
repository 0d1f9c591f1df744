import Testing
@testable import NotesFTS

/// ``QueryPhrases`` numbers the phrases of a MATCH expression as FTS5 does, left to right with repeats,
/// tokenized as FTS5 tokenizes a query, and keeps the excluded ones as numbers that match nothing.
@Suite struct QueryPhrasesTests {
    private func read(_ match: String) throws -> [String] {
        let index = try TestFolder().openIndex()
        let phrases = try #require(QueryPhrases(match: match, tokenizer: try RankingTables.tokenizer(index.connection)))
        return phrases.phrases.map { phrase in
            guard let token = phrase.token else { return "-" }
            return String(decoding: token, as: UTF8.self) + (phrase.isPrefix ? "*" : "")
        }
    }

    @Test func phrasesInOrderWithRepeatsPrefixesAndExclusions() throws {
        #expect(try read("\"Read\"") == ["read"])
        #expect(try read("(\"read\" OR \"read\" OR \"reads\")") == ["read", "read", "reads"])
        #expect(try read("\"Ré\" *") == ["re*"])
        #expect(try read("((\"a\" AND \"b\") NOT (\"c\" OR \"d\"))") == ["a", "b", "-", "-"])
        #expect(try read("((\"a\" NOT \"c\") AND \"b\")") == ["a", "-", "b"])
        #expect(try read("\"\"\"hi\"\"\" *") == ["hi*"])
    }

    @Test func matchingIsWholeTokenOrPrefix() {
        let whole = QueryPhrases.Phrase(token: Array("read".utf8), isPrefix: false)
        let prefix = QueryPhrases.Phrase(token: Array("read".utf8), isPrefix: true)
        let excluded = QueryPhrases.Phrase(token: nil, isPrefix: false)
        for (token, wholeMatches, prefixMatches) in [("read", true, true), ("reads", false, true), ("rea", false, false),
                                                     ("bread", false, false)] {
            Array(token.utf8).withUnsafeBytes { bytes in
                #expect(whole.matches(bytes) == wholeMatches, "\(token)")
                #expect(prefix.matches(bytes) == prefixMatches, "\(token)")
                #expect(!excluded.matches(bytes))
            }
        }
    }
}
