import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

/// Pages ordered by `modified` or `created` (``NoteIndex/walksSortIndex(_:_:options:)``): walking the sort
/// column's index gives exactly the notes, order and ties of reading every match and sorting them.
@Suite struct SortWalkTests {
    /// 400 notes in 300 files; words of mixed frequency; dates drawn from 30 days, so many notes share one
    /// (ties are ordered by id under both plans).
    private static func makeIndex() throws -> NoteIndex {
        let index = try TestFolder().openIndex()
        var generator = SeededGenerator(state: 20_261_201)
        let words = ["common", "often", "garden", "orbit", "lemon", "signal", "draft"]
        for file in 0..<300 {
            let folder = generator.pick(["work", "home", "travel"])
            for position in 0..<(file % 3 == 0 ? 2 : 1) {
                var body = (0..<(1 + Int(generator.next() % 4))).map { _ in generator.pick(words) }
                if generator.chance(60) { body.append("common") }
                if file % 97 == 5 { body.append("scarce") }
                let created = Timestamp.parse(String(format: "2024-06-%02d", 1 + Int(generator.next() % 30)))
                let modified = Timestamp.parse(String(format: "2024-07-%02d", 1 + Int(generator.next() % 30)))
                try index.save(Note(path: "/n/\(folder)/\(file).md", position: position, title: "Note \(file % 11)",
                                    body: body.joined(separator: " "), created: created, modified: modified))
            }
        }
        return index
    }

    private static func ids(_ index: NoteIndex, _ query: ParsedQuery, _ options: SearchOptions, walks: Bool) throws -> [Int64] {
        let statement = SearchSQL.ordered(query: query, options: options, walksIndex: walks)
        return try index.read { db in
            return try db.query(statement.sql, named: statement.parameters) { $0.int64(0) }
        }
    }

    @Test(arguments: ["common", "often", "scarce", "garden OR orbit", "common -draft", "lemon path:travel",
                      "\"lemon signal\"", "orb*", "modified:>=2024-07-20 common", "created:2024-06 often"])
    func bothPlansGiveTheSamePages(query: String) throws {
        let index = try Self.makeIndex()
        let parsed = QueryParser.parse(query)
        for sort in [SearchSort.modified, .created] {
            for reverse in [false, true] {
                for (limit, offset) in [(10, 0), (20, 15), (3, 100), (1000, 0)] {
                    let options = SearchOptions(limit: limit, offset: offset, sort: sort, reverse: reverse)
                    let walked = try Self.ids(index, parsed, options, walks: true)
                    let sorted = try Self.ids(index, parsed, options, walks: false)
                    #expect(walked == sorted, "\(query) \(sort) reverse \(reverse) limit \(limit) offset \(offset)")
                }
            }
        }
    }

    @Test func aCommonWordWalksARareWordSorts() throws {
        let index = try Self.makeIndex()
        func walks(_ text: String, _ options: SearchOptions) throws -> Bool {
            try index.read { db in try NoteIndex.walksSortIndex(db, QueryParser.parse(text), options: options) }
        }
        let page = SearchOptions(limit: 10, sort: .modified)
        #expect(try walks("common", page))
        #expect(try !walks("scarce", page))
        // A page as large as the index never walks; nor do orders without an index of their own.
        #expect(try !walks("common", SearchOptions(limit: 100_000, sort: .modified)))
        #expect(try !walks("common", SearchOptions(limit: 10, sort: .title)))
    }

    /// What `notes-find --sort modified` prints is the same whichever plan runs.
    @Test func streamedPagesMatchTheSortedPlan() throws {
        let index = try Self.makeIndex()
        let parsed = QueryParser.parse("common")
        var options = SearchOptions(limit: 10, offset: 5, sort: .modified)
        options.includeSnippets = false
        var streamed: [Int64] = []
        try index.forEachResult(parsed, options: options) { streamed.append($0.id) }
        #expect(streamed == (try Self.ids(index, parsed, options, walks: false)))
    }
}
