import Testing
@testable import NotesFTS

/// ``TermTokenizer/scanReadingASCII(_:matcher:)`` reads text as the index's tokenizers do: on seeded random
/// text (every ASCII byte, words in mixed case, digits, long runs, accented and Korean words, Unicode spaces
/// and punctuation, combining marks, stray bytes beyond ASCII) and phrases of its own words, the positions,
/// byte offsets and instances equal those of one pass of the tokenizer over the whole text.
@Suite struct TermTokenizerASCIITests {
    static let words = ["read", "Read", "READ", "reads", "re", "r", "e", "a1", "A1", "9", "42x", "x", "readme",
                                "rEaDs", "the", "a", "café", "Read\u{E9}", "söpadrat", "회의를", "국회의원", "e\u{301}clair",
                                "ＲＥＡＤ", "Straße", "İstanbul", "ﬁle", "😀read", "read😀", "x\u{200B}y", "ǅ"]
    private static let separators = Array(" \t\n\r.,;:'\"-_/()[]!?#*&$%^~`@\u{0}\u{1}\u{7F}".utf8).map { [$0] }
        + ["\u{A0}", "—", "“", "\u{3000}", "\u{2028}"].map { Array($0.utf8) }
    static let fixed = ["\"read\"", "\"re\" *", "(\"read\" OR \"read\" OR \"reads\")", "\"read a1\"", "\"a1 9\" *",
                                "(\"read\" AND \"x\")", "\"r e a\"", "(\"e\" NOT \"x\")", "\"the read\" *",
                                "(\"read the\" OR \"the\" OR \"read\")", "\"cafe\"", "\"회의\"", "\"eclair\" *"]

    @Test(arguments: [FullTextTokenizer.cjk, .unicode61])
    func readingASCIIEqualsTheTokenizers(_ kind: FullTextTokenizer) throws {
        let index = try NoteIndex(path: TestFolder().database, tokenizer: kind)
        defer { index.close() }
        let tokenizer = try RankingTables.tokenizer(index.connection)
        #expect(tokenizer.readsASCIIWords)
        var random = SeededGenerator(state: 20_261_201)
        var compared = 0, matched = 0
        for round in 0..<1_500 {
            let text = Self.text(&random)
            for match in Self.fixed + Self.ownPhrase(of: text, &random) {
                guard let phrases = QueryPhrases(match: match, tokenizer: tokenizer) else { continue }
                let expected = try #require(text.withUnsafeBytes { tokenizer.tokenizerScan($0, matcher: phrases.matcher) })
                let scanned = try #require(text.withUnsafeBytes { tokenizer.scanReadingASCII($0, matcher: phrases.matcher) })
                #expect(scanned.starts == expected.starts, "round \(round), \(match)")
                #expect(scanned.ends == expected.ends, "round \(round), \(match)")
                #expect(scanned.instances == expected.instances, "round \(round), \(match)")
                compared += 1
                if !expected.instances.isEmpty { matched += 1 }
            }
        }
        #expect(compared > 18_000 && matched > 4_000, "\(compared) compared, \(matched) with instances")
    }

    /// The eight-bytes-at-a-time test marks exactly the bytes a byte-at-a-time test does: every byte value in
    /// every lane, beside random bytes in the other lanes (a carry between lanes would show).
    @Test func runBytesMarksEachByteAsTheByteTestDoes() {
        var random = SeededGenerator(state: 7)
        for value in 0...255 {
            let inRun = value >= 0x80 || (0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
                || (0x61...0x7A).contains(value)
            for lane in 0..<8 {
                for _ in 0..<8 {
                    let shift = UInt64(8 * lane)
                    let word = (random.next() & ~(0xFF << shift)) | (UInt64(value) << shift)
                    #expect((TermTokenizer.runBytes(word) >> shift) & 0xFF == (inRun ? 0x80 : 0), "byte \(value), lane \(lane)")
                }
            }
        }
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
            let scanned = try #require(text.withUnsafeBytes { tokenizer.scanReadingASCII($0, matcher: phrases.matcher) })
            #expect(scanned.instances == expected.instances && scanned.ends == expected.ends, "\(match.prefix(20))")
            #expect(!expected.instances.isEmpty)
        }
    }

    /// 0–`longest` bytes: words from ``words`` after separators, single random ASCII bytes (0...127), now and
    /// then a long run of letters, a number, or a random byte from 0x80 up.
    /// Random text; one round in three all ASCII, which the scan reads eight bytes at a time throughout.
    static func text(_ random: inout SeededGenerator, longest: Int = 400) -> [UInt8] {
        var bytes: [UInt8] = []
        let target = Int(random.next() % UInt64(longest))
        let asciiOnly = random.chance(33)
        while bytes.count < target {
            switch random.next() % 20 {
            case 0, 1, 2: bytes.append(UInt8(random.next() % 128))
            case 3: bytes += Array(repeating: UInt8(ascii: "z"), count: Int(random.next() % 80))
            case 4: bytes += Array(String(random.next() % 100_000).utf8)
            case 5 where !asciiOnly: bytes.append(UInt8(0x80 + random.next() % 128))
            default:
                bytes += Array(random.pick(asciiOnly ? Self.asciiWords : Self.words).utf8)
                bytes += random.pick(asciiOnly ? Self.asciiSeparators : Self.separators)
            }
        }
        return bytes
    }

    /// A phrase of 1–3 of `text`'s own words, sometimes a prefix (none when it has no word).
    static func ownPhrase(of text: [UInt8], _ random: inout SeededGenerator) -> [String] {
        let own = String(decoding: text, as: UTF8.self).split { !($0.isLetter || $0.isNumber) }
        guard !own.isEmpty else { return [] }
        let length = 1 + Int(random.next() % 3)
        let start = Int(random.next() % UInt64(own.count))
        let phrase = own[start..<min(start + length, own.count)].joined(separator: " ")
        return ["\"\(phrase.replacingOccurrences(of: "\"", with: "\"\""))\"" + (random.chance(30) ? " *" : "")]
    }

    private static let asciiWords = words.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
    private static let asciiSeparators = separators.filter { $0.allSatisfy { $0 < 0x80 } }
}
