import SQLiteKit

/// The threshold algorithm behind ``TopKPlan``'s head path: one tracked word's impact head and frontier.
///
/// Every note of the head has its figures in the head, so each candidate is scored exactly and the best
/// `needed` are kept (``TopHits``, ties by id). A note outside the head scores at most what the frontier allows
/// (``ImpactFrontier/bound(averageSize:)``); the answer stands when the last kept score beats that bound.
struct TopKSearch {
    let shape: TopKQuery
    let statistics: TopKTokenStatistics
    /// The query's bm25 from the word's figures.
    let scorer: TopKScorer
    /// The most a note outside the head can score (0 when the head holds every note of the word).
    let unseenBound: Double
    /// Notes considered (after the filters).
    private(set) var candidateCount = 0

    init(shape: TopKQuery, statistics: TopKTokenStatistics, totals: FullTextTotals) {
        self.shape = shape
        self.statistics = statistics
        let scorer = TopKScorer(shape: shape, documents: [statistics.documents], totals: totals)
        self.scorer = scorer
        unseenBound = statistics.frontier.map {
            Double(shape.multiplicity[0]) * scorer.idf[0] * $0.bound(averageSize: totals.averageSize)
        } ?? 0
    }

    /// The exact best `needed` notes, or `nil` when the bound cannot prove them (a selective filter or
    /// exclusion, a deep page).
    mutating func top(_ needed: Int, _ db: Connection, query: ParsedQuery, options: SearchOptions) throws -> [TopKPlan.Hit]? {
        // Whether a note holding the word matches the query (one word: the same for every note).
        guard needed > 0, shape.matches({ _ in true }) == true else { return unseenBound == 0 || needed == 0 ? [] : nil }
        let found = try Self.best(needed, of: statistics.entries, db, shape: shape, scorer: scorer, unseenBound: unseenBound,
                                  query: query, options: options)
        candidateCount = found.candidates
        return found.hits
    }

    /// The best `needed` of `candidates` (each scored exactly as the query's one token) that pass the query's
    /// filters and exclusion, and how many passed; `hits` is `nil` when the `needed`-th score is not strictly
    /// above `unseenBound` (by 1e-12 relative), the most any other note can score (0: there is no other note).
    static func best(_ needed: Int, of candidates: [TopKTokenStatistics.Entry], _ db: Connection, shape: TopKQuery,
                     scorer: TopKScorer, unseenBound: Double, query: ParsedQuery,
                     options: SearchOptions) throws -> (hits: [TopKPlan.Hit]?, candidates: Int) {
        let filter = SearchFilter(query: query, options: options)
        let passing: Set<Int64>? = filter.isEmpty && shape.exclusion == nil ? nil
            : Set(try Self.passing(candidates.map(\.note), db, shape: shape, filter: filter))
        var best = TopHits(capacity: needed)
        for candidate in candidates where candidate.frequency > 0 {
            if let passing, !passing.contains(candidate.note) { continue }
            best.offer(id: candidate.note, score: scorer.score(frequency: candidate.frequency, size: candidate.size, token: 0))
        }
        let hits = best.sorted
        let count = passing?.count ?? candidates.count
        if unseenBound == 0 { return (hits, count) }
        // With a margin for rounding (the bound is `m · idf · g`, a score `idf · g` added `m` times), as the
        // other routes: a note that could tie is never left out.
        guard hits.count == needed, let last = hits.last, last.score > unseenBound * (1 + 1e-12) else { return (nil, count) }
        return (hits, count)
    }

    /// The ids of `ids` that pass `filter` and do not match `shape`'s exclusion.
    static func passing(_ ids: [Int64], _ db: Connection, shape: TopKQuery, filter: SearchFilter) throws -> [Int64] {
        try passing(ids, db, exclusion: shape.exclusion, filter: filter)
    }

    /// `ids` that pass `filter` and do not match `exclusion` (an FTS5 expression), in no particular order.
    static func passing(_ ids: [Int64], _ db: Connection, exclusion: String?, filter: SearchFilter) throws -> [Int64] {
        if filter.isEmpty && exclusion == nil { return ids }
        let statement = SearchSQL.topKFilter(ids: ids, filter: filter, exclusion: exclusion)
        return try db.query(statement.sql, named: statement.parameters) { $0.int64(0) }
    }
}
