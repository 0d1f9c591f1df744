import Foundation
import Testing
@testable import NotesFTS

/// A prefix alone answered from its tracked expansion's upper tier and its other expansions' notes
/// (``TopKPlan``'s prefix route): on every page, with filters, it returns what full scoring returns, takes
/// the route where the bounds prove it, and leaves it (to the complete lists) where a note outside the tier
/// could rank higher than the notes it scored, as happens deep in the results.
@Suite struct PrefixTierTests {
    /// `kilo` in 90 of 300 notes (tracked, its upper tier a fifth of them), and eleven rarer expansions
    /// (`kilob` … `kilol`) in 43 notes, some holding `kilo` too, once each in a long body: their notes score
    /// low, below most of `kilo`'s. `mike` likewise (in 90 notes), its rarer expansions in 35 notes without it,
    /// so that only the cut bounds the notes outside its tier.
    static func index() throws -> NoteIndex {
        let index = try TestFolder().openIndex()
        var settings = RankingSettings(headSize: 8, minimumDocumentFrequency: 30, minimumShare: 0.05)
        settings.upperShare = 0.2
        index.rankingSettings = settings
        let rare = "bcdefghijkl".map { "kilo\($0)" }
        try index.transaction {
            for number in 0..<300 {
                var words = Array(repeating: "filler\(number % 11)", count: 5 + number % 40)
                if number % 10 < 3 { words.append(contentsOf: Array(repeating: "kilo", count: 1 + number % 4)) }
                if number % 7 == 0 { words.append(rare[(number / 7) % rare.count]) }
                // `mike` likewise, but its rarer expansions only in notes without it.
                if number % 10 > 6 {
                    words.append(contentsOf: Array(repeating: "mike", count: 1 + number % 3))
                } else if number % 6 == 0 {
                    words.append(rare[(number / 6) % rare.count].replacingOccurrences(of: "kilo", with: "mike"))
                }
                _ = try index.save(Note(path: "/k/\(number % 3)/\(number).md", title: "Note \(number)",
                                        body: words.joined(separator: " "), tags: number % 29 == 0 ? ["kilo"] : []))
            }
        }
        try index.rebuildRankingTables()
        return index
    }

    /// Each query, and whether its first pages are proven from the tier (a filter keeping a third of the notes
    /// leaves too few of the scored ones above the bounds).
    @Test(arguments: [("kil*", true), ("kilo*", true), ("kil* -kilob", true), ("kilo* -path:/k/2/", true),
                      ("mik*", true), ("mike* -path:/k/0/", true),
                      ("kil* path:/k/1/", false)])
    func everyPageRanksAsFullScoringDoes(_ text: String, provenFromTheTier: Bool) throws {
        let index = try Self.index()
        #expect(try index.connection.scalarInt("SELECT count(*) FROM topk_terms WHERE term LIKE 'kilo%'") == 1)
        #expect(try index.connection.scalarInt("SELECT count(*) FROM topk_terms WHERE term LIKE 'mike%'") == 1)
        let query = QueryParser.parse(text)
        var routes: Set<String> = []
        for (limit, offset) in [(1, 0), (10, 0), (20, 0), (20, 20), (20, 40), (50, 50), (100, 0), (30, 120), (300, 0)] {
            let options = SearchOptions(limit: limit, offset: offset)
            let both = try BothWays(index, query, options)
            let path = both.path
            #expect(TopKAgreement.agrees(both.actual, both.expected), "\(text) limit \(limit) offset \(offset): \(path)")
            var full = options
            full.allowsTopK = false
            #expect(try index.count(query, options: options) == index.count(query, options: full), "\(text)")
            routes.insert(path.hasPrefix("top-k: exact over the upper tier of") ? "tier"
                          : path.hasPrefix("top-k: exact over the complete posting lists") ? "complete" : path)
        }
        // The first pages come from the tier; the deep ones cannot be proven there.
        #expect(routes == (provenFromTheTier ? ["tier", "complete"] : ["complete"]), "\(text): \(routes)")
    }
}
