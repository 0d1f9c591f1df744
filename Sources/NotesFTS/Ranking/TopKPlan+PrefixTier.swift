import SQLiteKit

extension TopKPlan {
    /// A prefix alone (`read*`, with filters and exclusions) whose one tracked expansion has an upper tier
    /// (``UpperTier``): the prefix is one phrase to FTS5, its `f` in a note the sum of its expansions' and its
    /// `n` the number of notes holding any (``PrefixPostings``).
    ///
    /// The untracked expansions' notes `U` are read as on the posting path (every one, with `f` and `D`). The
    /// tracked expansion `T` is read twice, cheaply: its note ids alone (for `n = |T ∪ U|`, and to know which
    /// notes of `U` hold `T`), and its upper tier. Then every note is in one of four kinds:
    /// - in `T`'s tier: its `f` is its `T` part plus its `U` part, exact;
    /// - in `U` and not in `T`: its `f` is its `U` part, exact;
    /// - in `U` and in `T` outside the tier: a cut point no longer than the note has at least its `T` part, so
    ///   the best such point with the note's `U` part added bounds it;
    /// - in `T` alone, outside the tier: the cut's bound.
    /// The first two are scored and the best that pass the filters kept; when the k-th of them scores above
    /// the bounds of the other two kinds, they are the answer. Otherwise the complete lists answer instead
    /// (``PrefixTierOutcome/notProven(_:)`` hands them the parts already read; `nil` parts for any other shape).
    ///
    /// `read*` at 1,000,000 notes decodes 300,000 note ids and 60,000 postings instead of 300,000 postings, and
    /// scores about 80,000 notes instead of walking 314,000 (Benchmarks/README.md, "Upper tiers").
    static func prefixTierPath(_ db: Connection, _ shape: TopKQuery, _ totals: FullTextTotals, _ needed: Int,
                               query: ParsedQuery, options: SearchOptions) throws -> PrefixTierOutcome {
        guard needed > 0, shape.tokens.count == 1, shape.prefixes.contains(0), let alone = PhraseRanking.term(of: query),
              let cut = try upperCut(of: shape.tokens[0], db) else { return .notProven(nil) }
        let state = try PhraseCountMemo.state(db)
        guard case .success(let parts) = try PrefixPostings.parts(shape.tokens[0], db) else { return .notProven(nil) }
        guard parts.tracked.count == 1 else { return .notProven(parts) }
        let tracked = parts.tracked[0]
        let ids = try PostingStore.loadIDs(tracked.term, db, expected: tracked.documents)
        let tier = try PostingStore.load(tracked.term, db, from: .upper)
        let untracked = parts.untracked
        // Which notes of U hold T, and how many notes hold either.
        var holdsTracked = [Bool](repeating: false, count: untracked.count)
        var shared = 0
        ids.withUnsafeBufferPointer { ids in
            var at = 0
            for index in 0..<untracked.count {
                at = PostingSearch.seek(ids, from: at, to: untracked.ids[index], end: ids.count)
                if at < ids.count && ids[at] == untracked.ids[index] {
                    holdsTracked[index] = true
                    shared += 1
                }
            }
        }
        let documents = ids.count + untracked.count - shared
        PhraseCountMemo.of(db).record(alone.match, notes: documents, state: state)
        let scorer = TopKScorer(shape: shape, documents: [Int64(documents)], totals: totals)
        let weight = Double(scorer.multiplicity[0]) * scorer.idf[0]
        var bound = weight * cut.bound(averageSize: totals.averageSize)
        var scored = 0
        let hits = try TopHits.bestPassing(needed, db, filter: SearchFilter(query: query, options: options),
                                           exclusion: shape.exclusion) { capacity in
            var hits = TopHits(capacity: capacity)
            var inTier = 0
            scored = 0
            for index in 0..<untracked.count {
                let id = untracked.ids[index], size = Int(untracked.sizes[index])
                while inTier < tier.count && tier.ids[inTier] < id {
                    hits.offer(id: tier.ids[inTier], score: scorer.score(frequency: tier.frequencies[inTier],
                                                                         size: Int(tier.sizes[inTier]), token: 0))
                    inTier += 1
                }
                if inTier < tier.count && tier.ids[inTier] == id {
                    hits.offer(id: id, score: scorer.score(frequency: tier.frequencies[inTier] + untracked.frequencies[index],
                                                           size: size, token: 0))
                    inTier += 1
                } else if !holdsTracked[index] {
                    hits.offer(id: id, score: scorer.score(frequency: untracked.frequencies[index], size: size, token: 0))
                } else {
                    bound = max(bound, weight * cut.bound(size: size, adding: untracked.frequencies[index],
                                                          averageSize: totals.averageSize))
                }
            }
            while inTier < tier.count {
                hits.offer(id: tier.ids[inTier], score: scorer.score(frequency: tier.frequencies[inTier],
                                                                     size: Int(tier.sizes[inTier]), token: 0))
                inTier += 1
            }
            scored = hits.offered
            return hits
        }
        guard hits.count == needed, let kth = hits.last?.score, bound * (1 + 1e-12) < kth else { return .notProven(parts) }
        let description = "top-k: exact over the upper tier of \"\(tracked.term)\" and every note of the other "
            + "expansions of \"\(shape.tokens[0])\"* (\(ids.count) note ids, \(tier.count + untracked.count) postings, "
            + "\(scored) notes scored; any other note scores at most \(bound), below the k-th score \(kth)); "
            + "N = \(totals.rows)"
        return .answered(hits, description)
    }

    /// What ``prefixTierPath(_:_:_:_:query:options:)`` did.
    enum PrefixTierOutcome {
        /// The exact top notes and a description for `--explain`.
        case answered([Hit], String)
        /// Not proven; the prefix's parts if they were read.
        case notProven(PrefixPostings.Parts?)
    }

    /// The cut of the upper tier (``UpperTier``) of the one tracked term beginning with `prefix`; `nil` when
    /// there is none or more than one.
    private static func upperCut(of prefix: String, _ db: Connection) throws -> ImpactFrontier? {
        let rows = try db.query("SELECT cut FROM topk_terms WHERE term >= ?1 AND term < ?2 LIMIT 2",
                                [.text(prefix), .text(PrefixPostings.upperBound(prefix))]) { $0.blob(0) }
        guard rows.count == 1, let bytes = rows[0] else { return nil }
        return ImpactFrontier(encoded: bytes)
    }
}
