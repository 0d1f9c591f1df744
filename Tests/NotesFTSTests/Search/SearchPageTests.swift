import Foundation
import Testing
@testable import NotesFTS

/// A search page carries the total; results carry typed dates.
@Suite struct SearchPageTests {
    @Test(arguments: [(0, 2, [true]), (2, 2, [false])] as [(Int, Int, [Bool])])
    func pageCarriesTheTotal(offset: Int, limit: Int, hasMore: [Bool]) throws {
        let index = try SearchFixture.makeIndex()
        let total = try index.count("deploy*")
        #expect(total == 3)
        let page = try index.searchPage("deploy*", options: SearchOptions(limit: limit, offset: offset))
        #expect(page.total == total)
        #expect(page.offset == offset)
        #expect(page.results.map(\.id) == Array(try index.search("deploy*", options: SearchOptions(limit: 10)).map(\.id)
            .dropFirst(offset).prefix(limit)))
        #expect([page.hasMore] == hasMore)
    }

    @Test func emptyQueryGivesAnEmptyPage() throws {
        let index = try SearchFixture.makeIndex()
        #expect(try index.searchPage("  ") == SearchPage(results: [], total: 0, offset: 0))
    }

    @Test func resultDatesAreDates() throws {
        let index = try SearchFixture.makeIndex()
        let hit = try #require(try index.search("title:weekly").first)
        #expect(hit.created == SearchFixture.date("2024-03-01"))
        #expect(hit.modified == SearchFixture.date("2024-03-10"))
    }

    @Test func asyncVariantsMatchTheSyncOnes() async throws {
        let index = try SearchFixture.makeIndex()
        let id = try await index.save(Note(path: "app://async", title: "Async", body: "awaited deploy"))
        #expect(try await index.search("awaited").map(\.id) == [id])
        #expect(try await index.count("deploy*") == index.count("deploy*"))
        #expect(try await index.searchPage("deploy*") == index.searchPage("deploy*"))
        #expect(try await index.searchSubstring(SubstringQuery("waited")).map(\.id) == [id])
        #expect(try await index.deleteNote(id: id))
    }
}
