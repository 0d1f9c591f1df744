import Testing
@testable import NotesFTS

/// ``QueryPhrases`` numbers the phrases of a MATCH expression as FTS5 does, left to right with repeats,
/// tokenized as FTS5 tokenizes a query, and keeps the excluded ones as numbers that match nothing.
@Suite struct QueryPhrasesTests {
    private func read(_ match: String) throws -> [String] {
        let index = try TestFolder().openIndex()
        let phrases = try #require(QueryPhrases(match: match, tokenizer: try RankingTables.tokenizer(index.connection)))
        return phrases.phrases.map { phrase in
            guard !phrase.tokens.isEmpty else { return "-" }
            return phrase.tokens.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ") + (phrase.isPrefix ? "*" : "")
        }
    }

    @Test func phrasesInOrderWithRepeatsPrefixesAndExclusions() throws {
        #expect(try read("\"Read\"") == ["read"])
        #expect(try read("(\"read\" OR \"read\" OR \"reads\")") == ["read", "read", "reads"])
        #expect(try read("\"Ré\" *") == ["re*"])
        #expect(try read("((\"a\" AND \"b\") NOT (\"c\" OR \"d\"))") == ["a", "b", "-", "-"])
        #expect(try read("((\"a\" NOT \"c\") AND \"b\")") == ["a", "-", "b"])
        #expect(try read("(\"a\" NOT ((\"b\" NOT \"c\") OR (\"x\" AND \"y\")))") == ["a", "-", "-", "-", "-"])
        #expect(try read("\"\"\"hi\"\"\" *") == ["hi*"])
        #expect(try read("(\"Deploy the\" * NOT \"x y\")") == ["deploy the*", "-"])
        #expect(try read("\"국회의원\"") == ["국회 회의 의원"])
    }

    @Test func matchingIsWholeTokenOrPrefix() {
        let whole = QueryPhrases.Phrase(token: Array("read".utf8), isPrefix: false)
        let prefix = QueryPhrases.Phrase(token: Array("read".utf8), isPrefix: true)
        let excluded = QueryPhrases.Phrase(token: nil, isPrefix: false)
        let pair = QueryPhrases.Phrase(tokens: [Array("read".utf8), Array("me".utf8)], isPrefix: true)
        // Bits: whole 0, prefix 1, the pair's tokens 2 and 3; the excluded phrase has none.
        let matcher = PhraseMatcher([whole, excluded, prefix, pair])
        #expect(matcher.firstBits == [0, 1, 1, 2] && matcher.lastBits == [1, 0, 2, 8] && matcher.longest == 2)
        for (token, wholeMatches, prefixMatches) in [("read", true, true), ("reads", false, true), ("rea", false, false),
                                                     ("bread", false, false), ("me", false, false)] {
            Array(token.utf8).withUnsafeBytes { bytes in
                let bits = matcher.bits(of: bytes)
                #expect((bits & 1 != 0) == wholeMatches, "\(token)")
                #expect((bits & 2 != 0) == prefixMatches, "\(token)")
                #expect((bits & 4 != 0) == wholeMatches, "\(token)")
                #expect((bits & 8 != 0) == (token == "me"), "\(token)")
                // The same token in capitals, folded as the tokenizer folds ASCII.
                Array(token.uppercased().utf8).withUnsafeBytes { capitals in
                    #expect(matcher.bits(ofASCII: capitals, from: 0, count: capitals.count) == bits, "\(token)")
                }
            }
        }
    }

    /// The matcher's quick rejections (a token's length, its first byte) never drop a pair a plain comparison
    /// finds: seeded phrases and tokens of 0–70 bytes (prefixes, tokens of 63 bytes and more, bytes beyond
    /// ASCII), against each pair compared in full.
    @Test func theQuickRejectionsKeepEveryMatch() {
        var random = SeededGenerator(state: 31)
        let alphabet = Array("abr0".utf8) + [0xC3, 0xA9]
        func token(_ random: inout SeededGenerator) -> [UInt8] {
            let length = random.chance(10) ? 60 + Int(random.next() % 11) : Int(random.next() % 6)
            return (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
        }
        var matched = 0
        for _ in 0..<400 {
            let phrases = (0..<1 + Int(random.next() % 3)).map { _ in
                QueryPhrases.Phrase(tokens: (0..<1 + Int(random.next() % 2)).map { _ in token(&random) }, isPrefix: random.chance(40))
            }
            let matcher = PhraseMatcher(phrases)
            for _ in 0..<50 {
                let candidate = random.chance(50) ? random.pick(random.pick(phrases).tokens) + (random.chance(50) ? token(&random) : [])
                                                  : token(&random)
                var expected: UInt64 = 0
                for (number, phrase) in phrases.enumerated() {
                    for (index, part) in phrase.tokens.enumerated() {
                        let isPrefix = phrase.isPrefix && index == phrase.tokens.count - 1
                        if isPrefix ? candidate.starts(with: part) : candidate == part {
                            expected |= 1 << UInt64(matcher.firstBits[number] + index)
                        }
                    }
                }
                if expected != 0 { matched += 1 }
                candidate.withUnsafeBytes { #expect(matcher.bits(of: $0) == expected, "\(candidate)") }
            }
        }
        #expect(matched > 2_000, "\(matched) tokens matched")
    }

    @Test func aPhraseMatchesAtConsecutivePositionsOnly() throws {
        let index = try TestFolder().openIndex()
        let tokenizer = try RankingTables.tokenizer(index.connection)
        let phrases = try #require(QueryPhrases(match: "(\"a b\" OR \"b\" OR \"a a\")", tokenizer: tokenizer))
        let text = Array("a b a a b x a, b".utf8)
        let scan = try #require(text.withUnsafeBytes { tokenizer.locate($0, phrases: phrases) })
        // Positions: a0 b1 a2 a3 b4 x5 a6 b7.
        let found = scan.instances.map { "\($0.phrase)@\($0.position)/\($0.length)" }
        #expect(found == ["0@0/2", "1@1/1", "2@2/2", "0@3/2", "1@4/1", "0@6/2", "1@7/1"])
    }
}
