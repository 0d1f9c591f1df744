import NotesTokenizer
import Testing
@testable import NotesFTS

/// ``TermTokenizer/locateReadingASCII(_:matcher:)`` and ``TermTokenizer/feedWindow(_:of:into:)`` make what one
/// pass of the tokenizer over the whole text makes: on seeded random text (the hostile mix of
/// ``TermTokenizerASCIITests``, up to 3,000 bytes so that notes hold many restarts), the same instances, the
/// same number of positions, the same first instance's offset, restarts where the tokenizer's tokens say, and
/// byte for byte the same snippet for windows of 1 to 64 tokens.
@Suite struct TermTokenizerLocateTests {
    /// Queries beyond ``TermTokenizerASCIITests/fixed``: more first bytes than the start filter takes, a
    /// digit first, and a word with no ASCII first byte.
    private static let more = ["(\"read\" OR \"a1\" OR \"x\" OR \"e\" OR \"the\")", "\"9\"", "\"42x\" *", "\"회의를\"",
                               "\"x read\"", "\"z\" *"]

    @Test(arguments: [FullTextTokenizer.cjk, .unicode61])
    func locatingEqualsTheTokenizersWholePass(_ kind: FullTextTokenizer) throws {
        let index = try NoteIndex(path: TestFolder().database, tokenizer: kind)
        defer { index.close() }
        let tokenizer = try RankingTables.tokenizer(index.connection)
        var random = SeededGenerator(state: 20_261_202)
        var compared = 0, matched = 0, restarted = 0
        for round in 0..<300 {
            let text = TermTokenizerASCIITests.text(&random, longest: round % 3 == 0 ? 400 : 3_000)
            let own = TermTokenizerASCIITests.ownPhrase(of: text, &random)
            for match in TermTokenizerASCIITests.fixed + Self.more + own {
                guard let phrases = QueryPhrases(match: match, tokenizer: tokenizer) else { continue }
                let expected = try #require(text.withUnsafeBytes { tokenizer.tokenizerScan($0, matcher: phrases.matcher) })
                let located = try #require(text.withUnsafeBytes { tokenizer.locateReadingASCII($0, matcher: phrases.matcher) })
                let context = "round \(round), \(match)"
                #expect(located.instances == expected.instances, "\(context)")
                #expect(located.count == expected.starts.count, "\(context)")
                #expect(located.firstInstanceStart == expected.instances.first.map { Int(expected.starts[$0.position]) },
                        "\(context)")
                #expect(located.tokens.isEmpty && !located.keepsOffsets)
                for restart in located.restarts {
                    // The tokens before the restart are the ones that start before it, and none spans it.
                    #expect(expected.starts.prefix { Int($0) < restart.offset }.count == restart.position, "\(context)")
                    #expect(!zip(expected.starts, expected.ends).contains { Int($0) < restart.offset && Int($1) > restart.offset },
                            "\(context)")
                }
                restarted += located.restarts.count - 1
                for size in [1, 3, 12, 64] {
                    #expect(snippet(text, expected, size) { ColumnSnippet.feeding(tokens: expected.tokens)(&$0) }
                            == snippet(text, located, size) { span in
                                text.withUnsafeBytes { tokenizer.feedWindow($0, of: located, into: &span) }
                            }, "\(context), \(size) tokens")
                }
                compared += 1
                if !expected.instances.isEmpty { matched += 1 }
            }
        }
        #expect(compared > 5_500 && matched > 3_500 && restarted > 15_000,
                "\(compared) compared, \(matched) with instances, \(restarted) restarts")
    }

    @Test func aScanThatKeepsOffsetsFeedsItsOwnTokens() throws {
        let index = try TestFolder().openIndex()
        defer { index.close() }
        let tokenizer = try RankingTables.tokenizer(index.connection)
        let text = Array(String(repeating: "the reader reads read books; ", count: 40).utf8)
        let phrases = try #require(QueryPhrases(match: "\"read\"", tokenizer: tokenizer))
        let whole = try #require(text.withUnsafeBytes { tokenizer.tokenizerScan($0, matcher: phrases.matcher) })
        let located = try #require(text.withUnsafeBytes { tokenizer.locateReadingASCII($0, matcher: phrases.matcher) })
        #expect(whole.keepsOffsets && whole.restarts.count == 1)
        #expect(located.restarts.count > 4 && located.instances.count == 40)
        let fed = snippet(text, whole, 8) { span in text.withUnsafeBytes { tokenizer.feedWindow($0, of: whole, into: &span) } }
        #expect(fed == snippet(text, located, 8) { span in text.withUnsafeBytes { tokenizer.feedWindow($0, of: located, into: &span) } })
        #expect(String(decoding: fed, as: UTF8.self) == "…reader reads \u{2}read\u{3} books; the reader reads \u{2}read\u{3}…")
    }

    /// The snippet ``ColumnSnippet`` renders from `scan`'s instances with `feed`.
    private func snippet(_ text: [UInt8], _ scan: PhraseScan, _ size: Int, feed: (inout SnippetSpan) -> Int32) -> [UInt8] {
        text.withUnsafeBytes { bytes in
            (try? ColumnSnippet.render(bytes, matches: scan.instances, tokens: size, open: [2], close: [3],
                                       ellipsis: Array("…".utf8), feed: feed)) ?? [0xFF]
        }
    }
}
