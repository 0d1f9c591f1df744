import Testing
@testable import NotesFTS

/// ``PostingSearch/walkPair(by:_:_:)``, the driven walk of a two-token query, and
/// ``PostingSearch/walkIntersection(by:_:_:)``, its merge when a match holds both, keep exactly what the general
/// driven walk keeps: the same notes, scores and order, and the same number of notes scored, on seeded lists
/// of every density (one list inside the other, disjoint, interleaved), with thresholds that skip many
/// driver postings and none.
struct PostingSearchPairTests {
    @Test(arguments: ["alpha bravo", "bravo alpha", "alpha alpha bravo", "alpha (alpha OR bravo)", "alpha OR bravo"])
    func keepsWhatTheGeneralWalkKeeps(_ text: String) throws {
        let index = try TestFolder().openIndex()
        let tokenizer = try RankingTables.tokenizer(index.connection)
        var shape = try TopKQuery(QueryParser.parse(text), tokenizer: tokenizer)
        // The upper tiers walk an OR as the notes holding both (``TopKPlan/upperTierPath``).
        if text.contains(" OR ") && !text.contains("(") { shape = shape.holdingEveryToken }
        #expect(shape.tokens.count == 2)
        var random = SeededGenerator(state: 20_261_218)
        var paired = 0
        for round in 0..<400 {
            let rows = Int64(50 + random.next() % 5_000)
            var postings = PostingList()
            var ranges: [Range<Int>] = []
            for _ in 0..<2 {
                let start = postings.count
                let density = 1 + random.next() % 100
                for id in 1...rows where random.next() % 100 < density {
                    // Mostly small frequencies and sizes around an average, with outliers either way.
                    let frequency = random.chance(5) ? Double(1 + random.next() % 200) : Double(1 + random.next() % 6)
                    let size = random.chance(5) ? Int(1 + random.next() % 60_000) : Int(20 + random.next() % 800)
                    postings.append(id: id, frequency: frequency, size: size)
                }
                ranges.append(start..<postings.count)
            }
            let totals = FullTextTotals(rows: rows, tokens: rows * Int64(100 + random.next() % 600))
            let scorer = TopKScorer(shape: shape, documents: ranges.map { Int64($0.count) }, totals: totals)
            var search = PostingSearch(shape: shape, postings: postings, ranges: ranges, scorer: scorer)
            guard search.driver != nil else { continue }
            paired += 1
            let capacity = round % 4 == 0 ? 1 : Int(1 + random.next() % 80)
            let pair = search.best(capacity)
            let pairScored = search.scored
            let general = search.best(capacity, pairWalk: false)
            #expect(pair.sorted == general.sorted, "round \(round)")
            #expect(pair.offered == general.offered, "round \(round)")
            #expect(pairScored == search.scored, "round \(round)")
            // The merged walk of a pair every match holds both of, whatever the lengths, and the galloping one.
            for merge in [true, false] {
                let walked = search.best(capacity, merge: merge)
                #expect(walked.sorted == general.sorted && walked.offered == general.offered, "round \(round), merge \(merge)")
                #expect(search.scored == pairScored, "round \(round), merge \(merge)")
            }
            // The bounds' extremes are the columns' largest frequency and smallest size.
            for range in ranges where !range.isEmpty {
                let extremes = PostingSearch.extremes(postings, in: range)
                #expect(extremes?.frequency == postings.frequencies[range].max() && extremes?.size == postings.sizes[range].min())
            }
        }
        #expect(paired == 400)
    }
}
