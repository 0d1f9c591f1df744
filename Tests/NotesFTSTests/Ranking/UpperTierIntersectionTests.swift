import Testing
@testable import NotesFTS

/// ``UpperTierIntersection``: the notes in every tier, read from the tiers' columns (``TierColumns``), with each
/// token's `f` and `D`; and a ``PostingSearch`` over them keeps exactly the hits one over the whole tiers keeps
/// (the upper-tier route before format 8), on seeded tiers of every density (nested, disjoint, interleaved,
/// ids spread too far for the bits a note), for two to four tokens.
struct UpperTierIntersectionTests {
    @Test(arguments: ["alpha bravo", "alpha OR bravo", "alpha bravo charlie", "alpha OR bravo OR charlie delta"])
    func keepsWhatTheWholeTiersKeep(_ text: String) throws {
        let index = try TestFolder().openIndex()
        let tokenizer = try RankingTables.tokenizer(index.connection)
        let shape = try TopKQuery(QueryParser.parse(text), tokenizer: tokenizer).holdingEveryToken
        var random = SeededGenerator(state: 20_261_204)
        var nonEmpty = 0
        for round in 0..<200 {
            let rows = Int64(20 + random.next() % 6_000)
            // Far apart ids in some rounds: the bits would cost more than the merge.
            let spread: Int64 = round % 5 == 0 ? 1_000_000 : 1
            var whole = PostingList()
            var ranges: [Range<Int>] = []
            var tiers: [TierColumns] = []
            // A note's size is the same in every list (it is the note's).
            let sizes = (0...rows).map { _ in random.chance(5) ? Int(1 + random.next() % 90_000) : Int(20 + random.next() % 800) }
            for _ in shape.tokens {
                let start = whole.count
                var tier = PostingList()
                let density = 1 + random.next() % 100
                for id in 1...rows where random.next() % 100 < density {
                    let frequency = random.chance(5) ? Double(1 + random.next() % 400) : Double(1 + random.next() % 6)
                    let size = sizes[Int(id)]
                    tier.append(id: id * spread, frequency: frequency, size: size)
                    whole.append(id: id * spread, frequency: frequency, size: size)
                }
                ranges.append(start..<whole.count)
                var columns = TierColumns()
                for range in tier.blockRanges(of: 1 + Int(random.next() % 300)) {
                    let bytes = TierBlock.encode(tier, range)
                    #expect(bytes.withUnsafeBytes { columns.append($0, first: tier.ids[range.lowerBound]) })
                }
                tiers.append(columns)
            }
            let (postings, kept) = UpperTierIntersection.postings(tiers)
            // The notes in every tier, each with its own figures in every token's list.
            let everywhere = ranges.map { Set(whole.ids[$0]) }.reduce(Set(whole.ids)) { $0.intersection($1) }
            #expect(kept.count == shape.tokens.count, "round \(round)")
            for (token, range) in kept.enumerated() {
                #expect(Array(postings.ids[range]) == everywhere.sorted(), "round \(round), token \(token)")
                let places = Dictionary(uniqueKeysWithValues: ranges[token].map { (whole.ids[$0], $0) })
                let same = range.allSatisfy { position in
                    places[postings.ids[position]].map {
                        whole.frequencies[$0] == postings.frequencies[position] && whole.sizes[$0] == postings.sizes[position]
                    } == true
                }
                #expect(same, "round \(round), token \(token)")
            }
            if !everywhere.isEmpty { nonEmpty += 1 }
            let totals = FullTextTotals(rows: rows, tokens: rows * Int64(100 + random.next() % 600))
            let scorer = TopKScorer(shape: shape, documents: ranges.map { Int64($0.count * 5) }, totals: totals)
            var full = PostingSearch(shape: shape, postings: whole, ranges: ranges, scorer: scorer)
            var fewer = PostingSearch(shape: shape, postings: postings, ranges: kept, scorer: scorer)
            let capacity = round % 4 == 0 ? 1 : Int(1 + random.next() % 80)
            #expect(fewer.best(capacity).sorted == full.best(capacity).sorted, "round \(round)")
        }
        #expect(nonEmpty >= 100)
    }
}
