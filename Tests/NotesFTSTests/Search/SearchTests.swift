import Foundation
import Testing
@testable import NotesFTS

@Suite struct SearchTests {
    @Test func titleMatchRanksAboveBodyOnlyMatch() throws {
        let index = try SearchFixture.makeIndex()
        let results = try index.search("deploy")
        #expect(results.map(\.title) == ["Deploy checklist", "Weekly meeting"])
        #expect(results[0].score > results[1].score)
        #expect(results.allSatisfy { $0.score > 0 })
    }

    @Test func tagMatchRanksAboveBodyOnlyMatch() throws {
        let index = try TestFolder().openIndex()
        try index.save(Note(path: "/a", title: "One", body: "garden notes about many things and more", tags: []))
        try index.save(Note(path: "/b", title: "Two", body: "unrelated words here and more", tags: ["garden"]))
        #expect(try index.titles("garden") == ["Two", "One"])
    }

    @Test func snippetMarksTheMatchAndGivesOffsets() throws {
        let index = try SearchFixture.makeIndex()
        let result = try #require(try index.search("passport").first)
        #expect(result.snippet.marked(open: "<mark>", close: "</mark>").contains("<mark>passport</mark>"))
        let scalars = Array(result.snippet.text.unicodeScalars)
        let range = try #require(result.snippet.highlights.first)
        #expect(String(String.UnicodeScalarView(scalars[range])) == "passport")
    }

    @Test func phraseIsHighlightedAsOneMark() throws {
        let index = try SearchFixture.makeIndex()
        let result = try #require(try index.search("\"next week\"", options: SearchOptions(limit: 1)).first)
        #expect(result.snippet.marked(open: "[", close: "]").contains("[next week]"))
    }

    @Test func lineIsTheLineOfTheFirstMatch() throws {
        let index = try SearchFixture.makeIndex()
        #expect(try index.search("alice").first?.line == 2)
        #expect(try index.search("production").first?.line == 2)
        #expect(try index.search("discussed").first?.line == 1)
    }

    @Test func sortsAndPages() throws {
        let index = try SearchFixture.makeIndex()
        var options = SearchOptions(limit: 10, sort: .modified)
        #expect(try index.search("deploy*", options: options).map(\.id) == [2, 9, 1])
        options.reverse = true
        #expect(try index.search("deploy*", options: options).map(\.id) == [1, 9, 2])
        options = SearchOptions(limit: 10, sort: .title)
        #expect(try index.search("deploy*", options: options).map(\.title) == ["Deploy checklist", "Logbook", "Weekly meeting"])
        options = SearchOptions(limit: 10, sort: .path)
        #expect(try index.search("deploy*", options: options).map(\.id) == [2, 9, 1])
        options = SearchOptions(limit: 1, offset: 1, sort: .modified)
        #expect(try index.search("deploy*", options: options).map(\.id) == [9])
        let ranked = try index.search("deploy*", options: SearchOptions(limit: 10)).map(\.id)
        let paged = try (0..<3).flatMap { try index.search("deploy*", options: SearchOptions(limit: 1, offset: $0)).map(\.id) }
        #expect(paged == ranked)
    }

    @Test func nonRankSortStillHasSnippetsAndScores() throws {
        let index = try SearchFixture.makeIndex()
        let results = try index.search("deploy", options: SearchOptions(limit: 10, sort: .created))
        #expect(results.allSatisfy { !$0.snippet.highlights.isEmpty && $0.score > 0 })
    }

    @Test func resultsWithoutSnippetsHaveTheSameOrder() throws {
        let index = try SearchFixture.makeIndex()
        for sort in SearchSort.allCases {
            var options = SearchOptions(limit: 10, sort: sort)
            let full = try index.search("deploy* OR meeting", options: options)
            options.includeSnippets = false
            let bare = try index.search("deploy* OR meeting", options: options)
            #expect(bare.map(\.id) == full.map(\.id))
            #expect(bare.allSatisfy { $0.snippet.text.isEmpty })
        }
    }

    @Test func filterOnlyQueryListsNotesWithALeadSnippet() throws {
        let index = try SearchFixture.makeIndex()
        let results = try index.search("path:recipes")
        #expect(results.map(\.title) == ["Sourdough bread"])
        #expect(results[0].snippet.text.hasPrefix("Feed the starter."))
        #expect(results[0].score == 0)
    }

    /// Tags select as filters do (`#work` lists notes newest first): their score is 0 like any filter's, in
    /// every order, while a word sorted by a column keeps its bm25 score.
    @Test(arguments: ["tag:work", "#work", "tag:work -#draft", "#work path:work", "-#draft", "tag:work OR #travel"])
    func tagOnlyQueriesScoreZero(text: String) throws {
        let index = try SearchFixture.makeIndex()
        for sort in SearchSort.allCases {
            let results = try index.search(text, options: SearchOptions(limit: 10, sort: sort))
            #expect(!results.isEmpty, "\(text) \(sort)")
            #expect(results.allSatisfy { $0.score == 0 }, "\(text) \(sort): \(results.map(\.score))")
        }
        #expect(try index.search("work #work", options: SearchOptions(sort: .modified)).allSatisfy { $0.score > 0 })
    }

    @Test func extraDateFiltersFromOptions() throws {
        let index = try SearchFixture.makeIndex()
        var options = SearchOptions(limit: 10)
        options.dateFilters = [DateFilter(field: .modified, from: Timestamp.parse("2025-01-01T00:00:00Z"))]
        #expect(try index.search("deploy*", options: options).map(\.id) == [2])
    }

    @Test func readOnlyIndexSearches() throws {
        let folder = TestFolder()
        do {
            let index = try folder.openIndex()
            try index.save(Note(path: "/a", title: "T", body: "readable"))
            index.close()
        }
        let reader = try NoteIndex(path: folder.database, mode: .readOnly)
        #expect(try reader.titles("readable") == ["T"])
        #expect(throws: NotesFTSError.self) { try reader.save(Note(path: "/b", title: "x", body: "y")) }
    }
}
