import Testing
@testable import NotesFTS

/// 2,000 seeded hostile queries through the path `notes-find` takes (parse, word forms, search, count):
/// deep nesting, control characters, huge inputs. None may crash or let an SQLite or FTS5 error escape; the
/// only errors are the nesting limit's, a filter's inside OR or a negated group (``MisplacedFilter``), an
/// exclusion's that narrows nothing (``MisplacedExclusion``) and a date filter's that names no date
/// (``UnreadableDateFilter``).
@Suite struct HostileQueryFuzzTests {
    static let pieces: [String] = [
        "(", "(", ")", "((((", "))))", "-(", "NOT ", "NOT (", " OR ", " | ", " AND ", "\"", "*", ":", "#", "-",
        "deploy", "week", "plan", "meet*", "title:", "tag:", "path:", "created:>=2024", "NEAR(", "국회", "日本",
        "\u{0}", "\u{1B}[2J", "\u{1B}]0;x\u{07}", "\u{9B}", "\u{7F}", "\u{2}", "\u{3}", "\u{85}", "\t", "\n", "\r",
        "\u{202E}", "\u{FEFF}", "e\u{301}", "😀", " ",
    ]

    /// One hostile query: random pieces, sometimes wrapped in deep brackets or NOTs, sometimes huge.
    static func query(_ generator: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<(1 + generator.next() % 12) { text += generator.pick(pieces) }
        switch generator.next() % 10 {
        case 0:
            let depth = Int(generator.next() % 60)
            text = String(repeating: "(", count: depth) + text + String(repeating: ")", count: depth)
        case 1:
            text = (0..<Int(generator.next() % 40)).reduce(text) { inner, _ in "(deploy OR (week \(inner)))" }
        case 2:
            text = String(repeating: "NOT ", count: Int(generator.next() % 40)) + text
        case 3:
            text = String(repeating: text + " ", count: 2_000 / max(text.count, 1) + Int(generator.next() % 50))
        default:
            break
        }
        return text
    }

    @Test func hostileQueriesNeverLeakSQLiteErrors() throws {
        let index = try SearchFixture.makeIndex()
        var generator = SeededGenerator(state: 13_013)
        var (searched, refused, misplacedFilters) = (0, 0, 0)
        for _ in 0..<2_000 {
            let text = Self.query(&generator)
            let parsed = QueryParser.parse(text)
            if parsed.exceedsNestingLimit {
                // The tool says so before searching; the library refuses it too.
                #expect(throws: NotesFTSError.queryTooDeep(limit: QueryParser.nestingLimit)) { try index.search(parsed) }
                refused += 1
                continue
            }
            if let unreadable = parsed.unreadableDateFilter {
                #expect(throws: unreadable) { try index.search(parsed) }
                continue
            }
            if let misplaced = parsed.misplacedFilter {
                #expect(throws: misplaced) { try index.search(parsed) }
                misplacedFilters += 1
                continue
            }
            if let misplaced = parsed.misplacedExclusion {
                #expect(throws: misplaced) { try index.search(parsed) }
                continue
            }
            do {
                let expanded = try index.expand(parsed).query
                if expanded.isEmpty || expanded.isOnlyExclusion { continue }
                _ = try index.search(expanded, options: SearchOptions(limit: 3))
                _ = try index.count(expanded)
                searched += 1
            } catch {
                Issue.record("\(text.debugDescription.prefix(300)) → \(error)")
                return
            }
        }
        #expect(searched > 1_000)
        #expect(refused > 100)
        #expect(misplacedFilters > 0)
    }
}
