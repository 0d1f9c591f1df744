import Foundation
import Testing
@testable import NotesFTS

/// Paging at the edges of `Int`: any ``SearchOptions/offset`` and ``SearchOptions/limit`` give the page that
/// skipping `offset` of all the matches and keeping `limit` gives (empty past the last match), on every path a
/// search takes, and never trap on `offset + limit`.
@Suite struct PagingBoundsTests {
    /// Top-k tables with lowered thresholds, so that the frequent words of ``TopKCorpus`` are tracked.
    private static let settings = RankingSettings(headSize: 24, minimumDocumentFrequency: 30, minimumShare: 0.05)

    /// 200 notes of ``TopKCorpus`` and 3 holding a word no tracked word serves (`zyzzyva`).
    private static func makeIndex() throws -> NoteIndex {
        let index = try TestFolder().openIndex()
        index.rankingSettings = settings
        var corpus = TopKCorpus(seed: 2_026_12)
        try index.transaction {
            for number in 0..<200 { try index.save(corpus.note(number)) }
            for number in 0..<3 { try index.save(Note(path: "/rare/\(number).md", title: "rare \(number)", body: "zyzzyva alpha")) }
        }
        try index.rebuildRankingTables()
        return index
    }

    /// A way to search: what it returns (ids, or paths), for some options.
    private struct Way: Sendable {
        let name: String
        let run: @Sendable (NoteIndex, SearchOptions) throws -> [String]
    }

    private static func ranked(_ text: String, _ change: @escaping @Sendable (inout SearchOptions) -> Void = { _ in }) -> Way {
        Way(name: text) { index, options in
            var options = options
            change(&options)
            return try index.search(QueryParser.parse(text), options: options).map { String($0.id) }
        }
    }

    /// Every path: the impact head and posting lists of tracked words (with filters and an exclusion), a
    /// prefix, a frequent phrase's head, the one walk of a phrase and of an untracked word, full scoring, column orders, path lists,
    /// substrings (from the index and from a scan) and the page API.
    private static let ways: [Way] = [
        ranked("alpha"), ranked("alpha bravo"), ranked("alpha OR charlie"), ranked("alp*"),
        ranked("alpha -bravo path:/topk/a/"), ranked("delta modified:>=2024-01-01"),
        ranked("\"alpha bravo\""), ranked("\"alpha bravo\" path:/topk/b/"), ranked("\"zyzzyva alpha\""), ranked("zyzzyva"),
        ranked("alpha bravo") { $0.allowsTopK = false }, ranked("alpha") { $0.reverse = true },
        ranked("alpha") { $0.sort = .modified }, ranked("alpha") { $0.sort = .title },
        ranked("modified:>=2023-01-01"),
        Way(name: "paths of alpha, in path order") { index, options in
            var options = options
            options.sort = .path
            var paths: [String] = []
            try index.forEachPath(QueryParser.parse("alpha"), options: options) { paths.append($0) }
            return paths
        },
        Way(name: "paths of alpha bravo, ranked") { index, options in
            var paths: [String] = []
            try index.forEachPath(QueryParser.parse("alpha bravo"), options: options) { paths.append($0) }
            return paths
        },
        Way(name: "substring alpha") { index, options in
            try index.searchSubstring(SubstringQuery("alpha"), options: options).map { String($0.id) }
        },
        Way(name: "substring lph (a scan)") { index, options in
            try index.searchSubstring(SubstringQuery("lph"), options: options).map { String($0.id) }
        },
        Way(name: "substring alpha by title") { index, options in
            var options = options
            options.sort = .title
            return try index.searchSubstring(SubstringQuery("alpha"), options: options).map { String($0.id) }
        },
        Way(name: "page of alpha bravo") { index, options in
            let page = try index.searchPage("alpha bravo", options: options)
            #expect(page.total == (try index.count("alpha bravo")))
            #expect(page.hasMore == (page.offset < page.total - page.results.count))
            return page.results.map { String($0.id) }
        },
    ]

    @Test(arguments: [
        (Int.max, 20), (Int.max - 19, 20), (Int.max - 20, 20), (Int.max / 4, 20), (Int.max / 2, Int.max / 2),
        (0, Int.max), (1, Int.max), (Int.max, Int.max), (Int.min, 20), (Int.min, Int.max), (3, Int.min), (Int.max, 0),
    ] as [(Int, Int)])
    func anyOffsetAndLimitGiveTheirPage(offset: Int, limit: Int) throws {
        let index = try Self.makeIndex()
        defer { index.close() }
        // The shapes take the paths they are here for (with the default page).
        let path = { (text: String) in try index.rankingPath(QueryParser.parse(text)) }
        #expect(try path("alpha").hasPrefix("top-k: "))
        #expect(try path("alpha bravo").hasPrefix("top-k: exact over the complete posting lists"))
        #expect(try path("\"alpha bravo\"").contains("from the impact head of the phrase \"alpha bravo\" (stored)"))
        #expect(try path("\"zyzzyva alpha\"").hasPrefix("top-k: one walk of the phrase"))
        #expect(try path("zyzzyva").hasPrefix("top-k: one walk of the untracked term"))
        for way in Self.ways {
            let all = try way.run(index, SearchOptions(limit: 1_000_000))
            #expect(!all.isEmpty, "\(way.name) finds nothing")
            let page = try way.run(index, SearchOptions(limit: limit, offset: offset))
            #expect(page == Array(all.dropFirst(max(offset, 0)).prefix(max(limit, 0))), "\(way.name), offset \(offset), limit \(limit)")
        }
        #expect(try index.count("alpha bravo", options: SearchOptions(limit: limit, offset: offset)) == index.count("alpha bravo"))
        #expect(try index.countSubstring(SubstringQuery("alpha"), options: SearchOptions(limit: limit, offset: offset))
                == index.countSubstring(SubstringQuery("alpha")))
    }

    /// A page built by hand says whether more follow without overflowing, whatever its figures.
    @Test(arguments: [(Int.max, 1, false), (Int.max - 1, Int.max, false), (Int.max - 2, Int.max, true), (0, 2, true),
                      (1, 2, false), (Int.min, 1, false)] as [(Int, Int, Bool)])
    func hasMoreNeverOverflows(offset: Int, total: Int, hasMore: Bool) {
        let result = SearchResult(id: 1, path: "/a", position: 0, line: 1, title: "a", tags: [], created: nil, modified: nil,
                                  score: 0, snippet: Snippet(text: ""))
        #expect(SearchPage(results: [result], total: total, offset: offset).hasMore == hasMore)
    }
}
