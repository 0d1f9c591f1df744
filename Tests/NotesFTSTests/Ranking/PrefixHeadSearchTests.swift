import SQLiteKit
import Testing
@testable import NotesFTS

/// ``PrefixHeadSearch``: a prefix alone with one tracked expansion, ranked from that expansion's impact head
/// and the other expansions' notes, ranks and counts as full scoring does: fresh, after notes are updated and
/// deleted, and after more are added with no rebuild (the head and frontier then kept by the log replays);
/// with filters, exclusions and pages, where the route may decline and the posting lists answer; with the
/// tracked expansion's notes found by a pass over its stored blocks or in its list decoded on a second
/// connection (``TrackedDecode``); and a tracked word's prefix from its own head (``PrefixHead``).
@Suite struct PrefixHeadSearchTests {
    /// Prefixes with one tracked expansion (`read`, `reader`, `reading` or `ready` in ``PrefixPostingsTests``'s
    /// notes), and others for contrast (`rea*` has four).
    /// `read*`, `reader*`, `reading*` and `ready*` are tracked words, ranked from their prefixes' heads (``PrefixHead``).
    static let prefixes = ["read*", "reade*", "readi*", "ready*", "reader*", "reading*", "rea*", "read* -reading",
                           "read* path:/p/1", "ready* -path:/p/2", "reader* -ready"]

    @Test func ranksAndCountsAsFullScoringDoesInThreeStates() throws {
        let index = try PrefixPostingsTests.index()
        index.rankingSettings = RankingSettings(headSize: 40, minimumDocumentFrequency: 30, minimumShare: 0.05)
        try index.rebuildRankingTables()
        var routes: [String] = []
        try check(index, state: "fresh", routes: &routes)
        try index.transaction {
            for id in stride(from: 3, through: 200, by: 7) { _ = try index.deleteNote(id: Int64(id)) }
            for id in stride(from: 5, through: 200, by: 11) {
                _ = try index.save(Note(path: "/p/\(id - 1).md", title: "read readings", body: "ready ready reader \(id) readyx"))
            }
        }
        try check(index, state: "updated and deleted", routes: &routes)
        try index.transaction {
            for number in 200..<260 {
                let body = (0..<(1 + number % 5)).map { ["read", "reads", "ready", "readily", "reader"][($0 + number) % 5] }
                _ = try index.save(Note(path: "/p/\(number).md", title: "Note \(number)", body: body.joined(separator: " ")))
            }
        }
        try check(index, state: "grown", routes: &routes)
        // The route must answer some of these, and decline others, or this test proves less than it says.
        let answered = routes.filter { $0.contains("notes of the other expansions of") }.count
        #expect(answered >= 10, "only \(answered) of \(routes.count) from a tracked expansion's head")
        #expect(answered < routes.count)
        let prefixHeads = routes.filter { $0.contains("(the prefix's, stored)") }.count
        #expect(prefixHeads >= 10, "only \(prefixHeads) of \(routes.count) from the prefix's own head")
        let decoded = routes.filter { $0.contains("decoded on a second connection") }.count
        #expect(decoded >= 10 && decoded < answered, "\(decoded) of \(answered) with the expansion decoded on a second connection")
    }

    /// A tracked expansion large enough is decoded on the second connection only where the vocabulary shows the
    /// prefix other words: with none there is nothing to look up, and the query would only wait for the decode.
    @Test func decodesOnlyWhereTheVocabularyShowsOtherExpansions() throws {
        let index = try TestFolder().openIndex()
        defer { index.close() }
        index.rankingSettings = RankingSettings(headSize: 10, minimumDocumentFrequency: 30, minimumShare: 0.05)
        try index.transaction {
            for number in 0..<200 {
                let extra = number % 20 == 0 ? " alphabet" : ""
                _ = try index.save(Note(path: "/n/\(number).md", title: "Note \(number)",
                                        body: String(repeating: "alpha omega ", count: 1 + number % 7) + "filler" + extra))
            }
        }
        try index.rebuildRankingTables()
        let db = index.connection
        for (prefix, asked, decodes) in [("alpha", 1, true), ("omega", 1, false), ("alph", 1, true), ("omeg", 1, false),
                                         ("omega", 0, true), ("alpha", 300, false)] {
            var options = SearchOptions()
            options.decodesTrackedFrom = asked
            // The second connection serves from a transaction begun after its first use (``HelperConnection``).
            var started: [Bool] = []
            for _ in 0..<3 {
                try db.transaction(.deferred) {
                    let decode = try TrackedDecode.start(prefix, db, options: options)
                    started.append(decode != nil)
                    decode?.close(db)
                }
            }
            #expect(started.last == decodes, "\(prefix)*, from \(asked) notes: \(started)")
        }
    }

    private func check(_ index: NoteIndex, state: String, routes: inout [String]) throws {
        for text in Self.prefixes {
            let query = QueryParser.parse(text)
            let pages = [(10, 0), (3, 0), (5, 4), (1, 0), (40, 0)]
            for (limit, offset, decodes) in pages.flatMap({ page in [false, true].map { (page.0, page.1, $0) } }) {
                var options = SearchOptions(limit: limit, offset: offset)
                // The tracked expansion decoded on the second connection whatever its size (``TrackedDecode``),
                // or passed over in its stored blocks.
                options.decodesTrackedFrom = decodes ? 0 : .max
                var full = options
                full.allowsTopK = false
                let expected = try index.search(query, options: full)
                #expect(!expected.isEmpty || offset > 0, "\(state): \(text)")
                routes.append(try index.rankingPath(query, options: options))
                #expect(TopKAgreement.agrees(try index.search(query, options: options), expected),
                        "\(state): \(text) limit \(limit) offset \(offset): \(routes.last ?? "")")
                // The count kept from the ranking (the prefix's `n`) is FTS5's.
                #expect(try index.count(query, options: options) == index.count(query, options: full), "\(state): count of \(text)")
            }
        }
    }
}
