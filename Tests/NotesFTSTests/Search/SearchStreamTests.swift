import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

/// The streaming reads behind `notes-find -l`, `--json` and its human output (``NoteIndex/forEachResult(_:options:_:)``,
/// ``NoteIndex/forEachPath(_:options:_:)``), checked against answers computed independently in SQL and Swift:
/// rank order with ties by id, path order under both plans, filters, exclusions and paging.
@Suite struct SearchStreamTests {
    /// 160 notes in 100 files (some files hold 3 notes), many with identical text (equal scores), dated by month.
    private static func makeIndex() throws -> NoteIndex {
        let index = try TestFolder().openIndex()
        var generator = SeededGenerator(state: 20_261_130)
        let words = ["common", "garden", "draft", "orbit", "lemon", "signal"]
        for file in 0..<100 {
            let folder = generator.pick(["alpha", "beta", "gamma", "zeta"])
            let notesInFile = file % 7 == 0 ? 3 : 1
            for position in 0..<notesInFile {
                var body = (0..<(2 + Int(generator.next() % 5))).map { _ in generator.pick(words) }
                if generator.chance(55) { body.append("common") }
                if file % 40 == 3 { body = ["rarest", "common"] }
                let month = 1 + Int(generator.next() % 12)
                let date = Timestamp.parse(String(format: "2024-%02d-10", month))
                try index.save(Note(path: "/notes/\(folder)/\(file % 13)-\(file).md", position: position, title: "Note \(file % 5)",
                                    body: body.joined(separator: " "), created: date, modified: date))
            }
        }
        return index
    }

    private static func paths(_ index: NoteIndex, _ text: String, _ options: SearchOptions) throws -> [String] {
        var paths: [String] = []
        try index.forEachPath(QueryParser.parse(text), options: options) { paths.append($0) }
        return paths
    }

    /// Each path once, where its first note comes.
    private static func unique(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    private static func byteOrder(_ paths: [String]) -> [String] {
        paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    @Test(arguments: ["common", "rarest", "garden OR orbit", "common -draft", "\"lemon signal\"", "orb*"])
    func rankedStreamIsFullScoringWithTiesById(query: String) throws {
        let index = try Self.makeIndex()
        let parsed = QueryParser.parse(query)
        let match = try #require(parsed.matchExpression)
        let expected: [Int64] = try index.read { db in
            try db.query("SELECT rowid, -rank FROM notes_fts WHERE notes_fts MATCH ?1", [.text(match)]) {
                (id: $0.int64(0), score: $0.double(1))
            }
        }.sorted { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }.map(\.id)
        var options = SearchOptions(limit: 1000)
        options.allowsTopK = false
        var streamed: [Int64] = []
        try index.forEachResult(parsed, options: options) { streamed.append($0.id) }
        #expect(streamed == expected)
        // The paths of the same order, each once.
        options.includeSnippets = false
        let pathOfID = Dictionary(uniqueKeysWithValues: try index.search(parsed, options: options).map { ($0.id, $0.path) })
        #expect(try Self.paths(index, query, options) == Self.unique(expected.compactMap { pathOfID[$0] }))
    }

    @Test(arguments: ["common", "rarest", "garden OR orbit", "common -draft", "orb* path:alpha", "created:2024-03 common"])
    func pathOrderListsEachMatchingPathOnceInByteOrder(query: String) throws {
        let index = try Self.makeIndex()
        let parsed = QueryParser.parse(query)
        var reference = SearchOptions(limit: 1000, sort: .modified)
        reference.includeSnippets = false
        let expected = Self.byteOrder(Array(Set(try index.search(parsed, options: reference).map(\.path))))
        #expect(!expected.isEmpty)
        let listed = try Self.paths(index, query, SearchOptions(limit: 1000, sort: .path))
        #expect(listed == expected)
        let reversed = try Self.paths(index, query, SearchOptions(limit: 1000, sort: .path, reverse: true))
        #expect(reversed == expected.reversed())
        // Both plans (walking the path index, sorting the matches' paths) list the same paths.
        for walks in [true, false] {
            let statement = SearchSQL.pathOrder(query: parsed, options: SearchOptions(limit: 1000, sort: .path),
                                                walksPathIndex: walks)
            let rows = try index.read { db in
                return try db.query(statement.sql, named: statement.parameters) { $0.text(0) ?? "" }
            }
            #expect(Self.unique(rows) == expected, "walksPathIndex: \(walks)")
        }
    }

    @Test func pathOrderPagesByNoteAsTheColumnOrderDoes() throws {
        let index = try Self.makeIndex()
        for (limit, offset) in [(5, 0), (5, 3), (7, 20), (1000, 150)] {
            var options = SearchOptions(limit: limit, offset: offset, sort: .path)
            options.includeSnippets = false
            let expected = Self.unique(try index.search(QueryParser.parse("common"), options: options).map(\.path))
            #expect(try Self.paths(index, "common", options) == expected, "limit \(limit) offset \(offset)")
        }
    }

    @Test func dateFiltersAloneListTheirPaths() throws {
        let index = try Self.makeIndex()
        var options = SearchOptions(limit: 1000, sort: .path)
        options.dateFilters = [DateComparison.atLeast.filter(.modified, try #require(DatePeriod.parse("2024-11")))]
        var reference = options
        reference.sort = .modified
        let expected = Self.byteOrder(Array(Set(try index.search(QueryParser.parse(""), options: reference).map(\.path))))
        #expect(!expected.isEmpty)
        var listed: [String] = []
        try index.forEachPath(QueryParser.parse(""), options: options) { listed.append($0) }
        #expect(listed == expected)
    }

    /// Ordered by date, each result's score is FTS5's bm25 for it, or 0 when scores are not wanted (the
    /// human output); the notes, their order and their snippets are the same either way.
    @Test(arguments: [SearchSort.modified, .created, .title])
    func scoresOfOrderedPagesAreFTS5sOrLeftOut(sort: SearchSort) throws {
        let index = try Self.makeIndex()
        let parsed = QueryParser.parse("common OR lemon")
        let match = try #require(parsed.matchExpression)
        let bm25 = Dictionary(uniqueKeysWithValues: try index.read { db in
            try db.query("SELECT rowid, -rank FROM notes_fts WHERE notes_fts MATCH ?1", [.text(match)]) {
                ($0.int64(0), $0.double(1))
            }
        })
        var options = SearchOptions(limit: 15, offset: 4, sort: sort)
        var scored: [SearchResult] = []
        try index.forEachResult(parsed, options: options) { scored.append($0) }
        options.includeScores = false
        var unscored: [SearchResult] = []
        try index.forEachResult(parsed, options: options) { unscored.append($0) }
        #expect(scored.count == 15)
        #expect(scored.map(\.id) == unscored.map(\.id))
        #expect(scored.map(\.snippet) == unscored.map(\.snippet))
        #expect(scored.allSatisfy { $0.score == bm25[$0.id] && $0.score > 0 })
        #expect(unscored.allSatisfy { $0.score == 0 })
    }

    @Test func rankTiesHandOnEachRunOfEqualScoresById() throws {
        var ties = RankTies<String>()
        var out: [String] = []
        for (id, score) in [(5, 3.0), (2, 3.0), (9, 2.0), (1, 2.0), (4, 2.0), (3, 1.0)] {
            try ties.add("\(id)", id: Int64(id), score: score) { out.append($0) }
        }
        #expect(out == ["2", "5", "1", "4", "9"])
        try ties.flush { out.append($0) }
        #expect(out == ["2", "5", "1", "4", "9", "3"])
    }
}
