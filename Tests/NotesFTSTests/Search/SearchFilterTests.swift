import Testing
@testable import NotesFTS

/// ``SearchFilter``: every way of searching applies the same filters, negated ones included: ranked (top-k
/// path and full FTS5 scoring), ordered by each column, listing paths in both orders, counting, and paging.
@Suite struct SearchFilterTests {
    /// A query over ``SearchFixture`` and the ids of the notes it finds.
    static let cases: [(String, Set<Int64>)] = [
        ("meeting -path:drafts", [1]),
        ("next -path:WORK", [6]),
        ("deploy* -modified:2025", [1, 9]),
        ("next week NOT modified:2024-03", [6]),
        ("\"next week\" -path:travel", [1]),
        ("-created:>=2024", [4, 7, 9]),
        ("tag:work -path:drafts", [1]),
        ("(deploy OR plan OR week) -path:work -created:<2025", [6]),
        ("path:work -path:drafts -modified:>=2025", [1, 9]),
    ]

    /// The ids `query` finds, read every way: ranked both ways, ordered by each column both ways, as paths.
    static func everyReading(_ index: NoteIndex, _ query: ParsedQuery) throws -> [String: [Int64]] {
        var readings: [String: [Int64]] = [:]
        for (name, topK) in [("ranked", true), ("fully scored", false)] {
            var options = SearchOptions(limit: 100)
            options.allowsTopK = topK
            readings[name] = try index.search(query, options: options).map(\.id)
        }
        for sort in SearchSort.allCases {
            for reverse in [false, true] {
                readings["\(sort)\(reverse ? " reversed" : "")"] = try index.search(
                    query, options: SearchOptions(limit: 100, sort: sort, reverse: reverse)).map(\.id)
            }
        }
        // Each fixture note has its own path.
        let ids = Dictionary(uniqueKeysWithValues: SearchFixture.notes.enumerated().map { ($1.path, Int64($0 + 1)) })
        for sort in [SearchSort.path, .rank, .modified] {
            var paths: [Int64] = []
            try index.forEachPath(query, options: SearchOptions(limit: 100, sort: sort)) { paths.append(ids[$0] ?? 0) }
            readings["paths by \(sort)"] = paths
        }
        return readings
    }

    @Test(arguments: cases)
    func everySearchPathAppliesNegatedFilters(text: String, expected: Set<Int64>) throws {
        let index = try SearchFixture.makeIndex()
        let query = QueryParser.parse(text)
        for (reading, ids) in try Self.everyReading(index, query) {
            #expect(Set(ids) == expected, "\(text): \(reading)")
            #expect(ids.count == expected.count, "\(text): \(reading) repeats a note")
        }
        #expect(try index.count(query) == expected.count)
        var paged = SearchOptions(limit: 1)
        paged.allowsTopK = false
        #expect(try index.count(query, options: paged) == expected.count)
        // The text search (word forms, one snapshot for the page and its total) reads the same filters.
        #expect(try index.searchPage(text, options: SearchOptions(limit: 1)).total == expected.count)
    }
}
