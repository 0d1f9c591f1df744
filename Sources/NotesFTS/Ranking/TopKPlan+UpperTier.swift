import SQLiteKit

extension TopKPlan {
    /// The upper-tier route (``UpperTier``): a query of tracked words only (AND, OR, word forms, with filters and
    /// exclusions) is first answered from the words' upper tiers. Every note holding all the words in their
    /// upper tiers is scored exactly (each word's `f` and the note's `D` are there; the idf is from the complete
    /// `df`), and the best `needed` of those that pass the filters are kept. Any other note lacks some word `w`
    /// in `w`'s upper tier, so `w` adds at most the bound of `w`'s cut and every other word at most its bound
    /// over its tier or its cut's (``outsideBound(tiers:cuts:scorer:)``): when the k-th kept score is above the
    /// largest such sum, no other note can enter or tie, and the kept notes are the answer. `nil` when the proof fails (or too few notes hold every word in its
    /// tier): the complete lists answer instead.
    static func upperTierPath(_ db: Connection, _ shape: TopKQuery, _ totals: FullTextTotals, _ needed: Int,
                              query: ParsedQuery, options: SearchOptions) throws -> ([Hit], @Sendable () -> String)? {
        guard needed > 0, shape.prefixes.isEmpty, shape.tokens.count <= 64 else { return nil }
        var documents: [Int64] = []
        var cuts: [ImpactFrontier] = []
        for token in shape.tokens {
            guard let row = try db.query("SELECT df, cut FROM topk_terms WHERE term = ?1", [.text(token)], {
                ($0.int64(0), $0.blob(1).flatMap(ImpactFrontier.init(encoded:)))
            }).first, let cut = row.1 else { return nil }
            documents.append(row.0)
            cuts.append(cut)
        }
        // The tiers by column: their ids, and each note's `f` and `D` read only for the notes in all of them.
        var tiers: [TierColumns] = []
        for (index, token) in shape.tokens.enumerated() {
            // About a fifth of each list.
            tiers.append(try PostingStore.loadTier(token, db, expected: Int(documents[index]) / 4))
        }
        let scorer = TopKScorer(shape: shape, documents: documents, totals: totals)
        let bounds = tiers.indices.map { PostingSearch.bound(of: $0, extremes: tiers[$0].extremes, scorer: scorer) }
        // No note of the intersection scores more than the tiers' bounds together: when the others may reach
        // that, the proof cannot hold, and the notes are not scored.
        let outside = outsideBound(tiers: bounds, cuts: cuts, scorer: scorer)
        guard outside * (1 + 1e-12) < bounds.reduce(0, +) else { return nil }
        let (postings, ranges) = UpperTierIntersection.postings(tiers)
        var search = PostingSearch(shape: shape.holdingEveryToken, postings: postings, ranges: ranges, scorer: scorer)
        let hits = try search.top(needed, db, query: query, options: options)
        guard hits.count == needed, let kth = hits.last?.score else { return nil }
        guard outside * (1 + 1e-12) < kth else { return nil }
        let words = shape.tokens, postingCount = tiers.reduce(0) { $0 + $1.count }, scored = search.scored
        let rows = totals.rows
        return (hits, {
            "top-k: exact over the upper tiers of " + words.map { "\"\($0)\"" }.joined(separator: ", ")
                + " (\(postingCount) postings, \(scored) notes scored; any other note scores at most "
                + "\(outside), below the k-th score \(kth)); N = \(rows)"
        })
    }

    /// The most a note outside the intersection of the upper tiers can score: it lacks some token `w` in `w`'s
    /// tier, so `w` adds at most its cut's bound; each other token `u` it holds is in `u`'s tier (at most its
    /// bound over the tier, `tiers`, which ``PostingSearch`` computes from the largest `f` and smallest `D`
    /// there) or outside it (at most its cut's bound), so adds at most the larger of the two.
    static func outsideBound(tiers: [Double], cuts: [ImpactFrontier], scorer: TopKScorer) -> Double {
        let cut = cuts.indices.map { index in
            Double(scorer.multiplicity[index]) * scorer.idf[index] * cuts[index].bound(averageSize: scorer.averageSize)
        }
        let most = tiers.indices.map { max(tiers[$0], cut[$0]) }
        let all = most.reduce(0, +)
        return cuts.indices.map { all - most[$0] + cut[$0] }.max() ?? 0
    }
}
