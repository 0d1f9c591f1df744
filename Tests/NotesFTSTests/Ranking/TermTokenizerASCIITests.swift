import Testing
@testable import NotesFTS

/// ``TermTokenizer/scanASCII(_:matcher:)`` reads ASCII text as the index's tokenizers do: on seeded random
/// ASCII text (every byte from 0 to 127, words in mixed case, digits, long runs) and phrases of its own
/// words, the positions, byte offsets and instances equal those of a pass of the tokenizer itself.
@Suite struct TermTokenizerASCIITests {
    private static let words = ["read", "Read", "READ", "reads", "re", "r", "e", "a1", "A1", "9", "42x", "x", "readme",
                                "rEaDs", "the", "a"]
    private static let fixed = ["\"read\"", "\"re\" *", "(\"read\" OR \"read\" OR \"reads\")", "\"read a1\"", "\"a1 9\" *",
                                "(\"read\" AND \"x\")", "\"r e a\"", "(\"e\" NOT \"x\")", "\"the read\" *",
                                "(\"read the\" OR \"the\" OR \"read\")"]

    @Test(arguments: [FullTextTokenizer.cjk, .unicode61])
    func asciiScanEqualsTheTokenizers(_ kind: FullTextTokenizer) throws {
        let index = try NoteIndex(path: TestFolder().database, tokenizer: kind)
        defer { index.close() }
        let tokenizer = try RankingTables.tokenizer(index.connection)
        #expect(tokenizer.readsASCIIWords)
        var random = SeededGenerator(state: 20_261_201)
        var compared = 0, matched = 0
        for round in 0..<1_500 {
            let text = Self.text(&random)
            var matches = Self.fixed
            // A phrase of 1–3 of the text's own words, sometimes a prefix.
            let own = String(decoding: text, as: UTF8.self).split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
            if !own.isEmpty {
                let length = 1 + Int(random.next() % 3)
                let start = Int(random.next() % UInt64(own.count))
                let phrase = own[start..<min(start + length, own.count)].joined(separator: " ")
                matches.append("\"\(phrase)\"" + (random.chance(30) ? " *" : ""))
            }
            for match in matches {
                let phrases = try #require(QueryPhrases(match: match, tokenizer: tokenizer))
                let expected = try #require(text.withUnsafeBytes { tokenizer.tokenizerScan($0, matcher: phrases.matcher) })
                let scanned = text.withUnsafeBytes { TermTokenizer.scanASCII($0, matcher: phrases.matcher) }
                guard let scanned else {
                    Issue.record("round \(round): ASCII text not read")
                    continue
                }
                #expect(scanned.starts == expected.starts, "round \(round), \(match)")
                #expect(scanned.ends == expected.ends, "round \(round), \(match)")
                #expect(scanned.instances == expected.instances, "round \(round), \(match)")
                compared += 1
                if !expected.instances.isEmpty { matched += 1 }
            }
        }
        #expect(compared > 15_000 && matched > 3_000, "\(compared) compared, \(matched) with instances")
    }

    @Test func aTokenLongerThanFTS5KeepsMatchesOnItsFirstBytes() throws {
        let index = try TestFolder().openIndex()
        defer { index.close() }
        let tokenizer = try RankingTables.tokenizer(index.connection)
        // FTS5 indexes the first 32,768 bytes of the long token: a query token of exactly those matches it.
        let text = Array(("x READ" + String(repeating: "a", count: 40_000) + " read").utf8)
        let first = "read" + String(repeating: "a", count: 32_764)
        for match in ["\"read\" *", "\"x read\" *", "\"read\"", "\"\(first)\"", "\"x \(first) read\""] {
            let phrases = try #require(QueryPhrases(match: match, tokenizer: tokenizer))
            let expected = try #require(text.withUnsafeBytes { tokenizer.tokenizerScan($0, matcher: phrases.matcher) })
            let scanned = try #require(text.withUnsafeBytes { TermTokenizer.scanASCII($0, matcher: phrases.matcher) })
            #expect(scanned.instances == expected.instances && scanned.ends == expected.ends, "\(match.prefix(20))")
            #expect(!expected.instances.isEmpty)
        }
    }

    @Test func textWithAByteBeyondASCIIIsLeftToTheTokenizer() throws {
        let index = try TestFolder().openIndex()
        defer { index.close() }
        let tokenizer = try RankingTables.tokenizer(index.connection)
        let phrases = try #require(QueryPhrases(match: "\"read\"", tokenizer: tokenizer))
        for text in ["read café", "caf\u{E9}", "read 국회", "read\u{A0}read", "😀"] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBytes { TermTokenizer.scanASCII($0, matcher: phrases.matcher) } == nil, "\(text)")
            #expect(bytes.withUnsafeBytes { tokenizer.scan($0, phrases: phrases) } != nil)
        }
    }

    /// 0–400 bytes: words from ``words``, single random ASCII bytes (0...127), separators, and now and then
    /// a long run of letters and digits.
    private static func text(_ random: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        let target = Int(random.next() % 400)
        while bytes.count < target {
            switch random.next() % 10 {
            case 0, 1: bytes.append(UInt8(random.next() % 128))
            case 2: bytes += Array(repeating: UInt8(ascii: "z"), count: Int(random.next() % 80))
            case 3: bytes += Array(String(random.next() % 100_000).utf8)
            default:
                bytes += Array(random.pick(words).utf8)
                bytes.append(random.pick(Array(" \t\n\r.,;:'\"-_/()[]!?#*&$%^~`@\u{0}\u{1}\u{7F}".utf8)))
            }
        }
        return bytes
    }
}
