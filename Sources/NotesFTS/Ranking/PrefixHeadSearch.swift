import SQLiteKit

/// The head route for a prefix alone whose notes are mostly one tracked expansion's: `read*` at 100,000 notes
/// has one tracked expansion, `read`, in 30,268 of its 31,191 notes, and 46 rare ones in 1,899.
///
/// FTS5 scores a prefix as one phrase: a note's `f` is the sum of its expansions' `f`, and `n` is the number of
/// notes holding any expansion (``PrefixPostings``). With one tracked expansion `T` and the rare ones' notes `E`
/// (read from FTS5's leaves, every note with its summed `f` and its `D`):
/// - `n = df(T) + |E| − |E ∩ T|`. Which notes of `E` hold `T`, and `T`'s `f` in them, come from one pass over
///   `T`'s stored blocks that compares ids without decoding the list (``PostingStore/frequencies(of:in:_:)``),
///   or from `T`'s list decoded on a second connection while `E` was read (``TrackedDecode``).
/// - A note in `T`'s impact head or in `E` is scored exactly: its `f` from `T` (the head, or the pass) plus its
///   `f` from `E`.
/// - Any other note holds `T` alone, outside the head, so its `(f, D)` is covered by `T`'s frontier and it
///   scores at most the frontier's bound, at the current `N` and `avgdl` (``ImpactFrontier``).
/// The answer stands when the `needed`-th best exact score is strictly above that bound, as on the head route
/// of one word (``TopKSearch``). Otherwise (a selective filter, a deep page, several tracked expansions) the
/// complete lists answer (``PostingSearch``), from the parts already read.
///
/// What it saves: the tracked expansion's whole list decoded into the query's room and walked note by note
/// (30,268 postings for `read*` at 100,000 notes); the pass reads the same blocks but keeps nothing of them.
struct PrefixHeadSearch {
    /// Notes scored (the head and the rare expansions' notes, after the filters).
    private(set) var candidateCount = 0
    /// The most a note outside the head and the rare expansions' notes can score.
    private(set) var unseenBound = 0.0
    /// The number of notes the prefix matches (`n`).
    private(set) var documents: Int64 = 0

    /// Whether the rare expansions' notes were found in the tracked expansion's list decoded on the second
    /// connection (``TrackedDecode``) rather than by a pass over its stored blocks.
    private(set) var usedDecoded = false

    /// The exact best `needed` notes of the prefix `shape.tokens[0]` whose expansions are `parts`, or `nil` when
    /// this route cannot prove them (not one tracked expansion, a selective filter or exclusion, a deep page).
    /// `decode` is the tracked expansion's list being decoded on the second connection, when it is.
    mutating func top(_ needed: Int, _ db: Connection, shape: TopKQuery, parts: PrefixPostings.Parts,
                      decode: TrackedDecode? = nil,
                      totals: FullTextTotals, query: ParsedQuery, options: SearchOptions) throws -> [TopKPlan.Hit]? {
        guard parts.tracked.count == 1, needed > 0,
              let statistics = try TopKTokenStatistics.load(parts.tracked[0].term, db) else { return nil }
        let rare = parts.untracked
        let inTracked: (frequencies: [Double], found: Int)
        if let found = decode?.frequencies(of: rare.ids, in: parts.tracked[0].term, db) {
            inTracked = found
            usedDecoded = true
        } else {
            inTracked = try PostingStore.frequencies(of: rare.ids, in: parts.tracked[0].term, db)
        }
        documents = statistics.documents + Int64(rare.count - inTracked.found)
        // The candidates, by id: the head's notes (with the rare expansions' `f` where they hold some) and the
        // rare expansions' notes (with the tracked expansion's `f` where they hold it).
        return try rank(needed, db, shape: shape, statistics: statistics, others: rare,
                        othersFrequency: { rare.frequencies[$0] + inTracked.frequencies[$0] },
                        totals: totals, query: query, options: options)
    }

    /// Scores the head's notes and `others` (the rare expansions' notes, by id) exactly and keeps the best
    /// `needed` if the frontier's bound proves them. A head note among `others` takes its `f` plus the other's;
    /// a note of `others` has `othersFrequency(index)`.
    private mutating func rank(_ needed: Int, _ db: Connection, shape: TopKQuery, statistics: TopKTokenStatistics,
                               others: PostingList, othersFrequency: (Int) -> Double,
                               totals: FullTextTotals, query: ParsedQuery, options: SearchOptions) throws -> [TopKPlan.Hit]? {
        let scorer = TopKScorer(shape: shape, documents: [documents], totals: totals)
        unseenBound = statistics.frontier.map {
            Double(shape.multiplicity[0]) * scorer.idf[0] * $0.bound(averageSize: totals.averageSize)
        } ?? 0
        let room = PrefixRoom.of(db)
        var candidates = room.takeCandidates()
        defer { room.keep(candidates: candidates) }
        candidates.reserveCapacity(statistics.entries.count + others.count)
        var next = 0
        for entry in statistics.entries {
            while next < others.count && others.ids[next] < entry.note {
                candidates.append(.init(note: others.ids[next], frequency: othersFrequency(next), size: Int(others.sizes[next])))
                next += 1
            }
            var merged = entry
            if next < others.count && others.ids[next] == entry.note {
                merged.frequency += others.frequencies[next]
                next += 1
            }
            candidates.append(merged)
        }
        while next < others.count {
            candidates.append(.init(note: others.ids[next], frequency: othersFrequency(next), size: Int(others.sizes[next])))
            next += 1
        }
        let found = try TopKSearch.best(needed, of: candidates, db, shape: shape, scorer: scorer, unseenBound: unseenBound,
                                        query: query, options: options)
        candidateCount = found.candidates
        return found.hits
    }
}
