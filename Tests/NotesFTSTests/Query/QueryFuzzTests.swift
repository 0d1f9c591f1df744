import Testing
@testable import NotesFTS
@testable import SQLiteKit

/// Feeds 10,000 deterministic random strings to the parser and the search: none may crash or produce an
/// SQLite or FTS5 error; a filter inside OR or a negated group is refused with ``MisplacedFilter``, an exclusion
/// that narrows nothing with ``MisplacedExclusion``, a date filter that names no date with
/// ``UnreadableDateFilter``.
@Suite struct QueryFuzzTests {
    static let pieces: [String] = [
        "\"", "\"", "(", ")", "*", "-", "+", ":", "^", "|", "{", "}", "[", "]", ",", ".", "'", "\\", "/", "%", "#", "@",
        "!", "?", ";", "=", "<", ">", ">=", "<=", "~", "`", "$", "&", " ", " ", " ", "\t", "\n", "\u{0}", "\u{2}", "\u{3}",
        "AND", "OR", "NOT", "NEAR", "NEAR(", "and", "or", "title:", "body:", "tag:", "tags:", "path:", "created:",
        "modified:", "created:>=", "modified:<", "2024", "2024-06", "7d", "-draft", "deploy", "meet", "next", "week",
        "a", "b", "c++", "e-mail", "x.y", "국회", "회의록", "배포", "데이터베이스를", "日本語", "中文", "カタカナ",
        "😀", "👍🏽", "🇰🇷", "e\u{301}", "\u{301}", "\u{200B}", "\u{FEFF}", "\u{1100}\u{1161}", "ß", "İ", "Ω", "١٢٣", "\u{E000}",
    ]

    @Test func tenThousandRandomQueriesNeverError() throws {
        let index = try SearchFixture.makeIndex()
        var generator = SeededGenerator(state: 20_261_129)
        var searched = 0
        for _ in 0..<10_000 {
            var text = ""
            for _ in 0..<(1 + generator.next() % 8) {
                text += generator.pick(Self.pieces)
                if generator.next() % 3 == 0 { text += " " }
            }
            let parsed = QueryParser.parse(text)
            if parsed.isEmpty || parsed.isOnlyExclusion { continue }
            if let unreadable = parsed.unreadableDateFilter {
                // A date filter that names no date (`created:deploy`): refused the same way.
                #expect(throws: unreadable) { try index.search(parsed, options: SearchOptions(limit: 5)) }
                #expect(throws: unreadable) { try index.count(parsed) }
                continue
            }
            if let misplaced = parsed.misplacedFilter {
                // A filter inside OR or a negated group: the one error a query may give, said the same way.
                #expect(throws: misplaced) { try index.search(parsed, options: SearchOptions(limit: 5)) }
                #expect(throws: misplaced) { try index.count(parsed) }
                continue
            }
            if let misplaced = parsed.misplacedExclusion {
                // An exclusion that narrows nothing (`a OR -b`): refused the same way.
                #expect(throws: misplaced) { try index.search(parsed, options: SearchOptions(limit: 5)) }
                #expect(throws: misplaced) { try index.count(parsed) }
                continue
            }
            do {
                _ = try index.search(parsed, options: SearchOptions(limit: 5))
                _ = try index.count(parsed)
                searched += 1
            } catch {
                Issue.record("query \(text.debugDescription) → \(parsed.matchExpression ?? "-") failed: \(error)")
                return
            }
        }
        #expect(searched > 5_000)
    }
}
