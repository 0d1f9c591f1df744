import SQLiteKit

/// The threshold algorithm behind ``TopKPlan``, over one query's token statistics.
struct TopKSearch {
    let shape: TopKQuery
    let statistics: [TopKTokenStatistics]
    let averageSize: Double
    /// The query's bm25 from each token's figures.
    let scorer: TopKScorer
    private var idf: [Double] { scorer.idf }
    /// The most a note in no head and holding no untracked token can score.
    let unseenBound: Double
    /// Notes considered (after the filters).
    private(set) var candidateCount = 0
    /// Figures read from FTS5 one note at a time.
    private(set) var lookups = 0

    /// A note in some head or holding an untracked token: each token's weighted frequency when known (0:
    /// absent), its size, and the most it can score.
    private struct Candidate {
        var id: Int64
        var size: Int
        var frequencies: [Double?]
        var upper: Double
    }

    init(shape: TopKQuery, statistics: [TopKTokenStatistics], totals: FullTextTotals) {
        self.shape = shape
        self.statistics = statistics
        averageSize = totals.averageSize
        let scorer = TopKScorer(shape: shape, documents: statistics.map { $0.documents }, totals: totals)
        self.scorer = scorer
        let idf = scorer.idf
        let average = totals.averageSize
        unseenBound = statistics.indices.reduce(0.0) { sum, index in
            guard let frontier = statistics[index].frontier else { return sum }
            return sum + Double(shape.multiplicity[index]) * idf[index] * frontier.bound(averageSize: average)
        }
    }

    /// The exact best `needed` notes, or `nil` when the bounds cannot prove them.
    mutating func top(_ needed: Int, _ db: Connection, query: ParsedQuery, options: SearchOptions) throws -> [TopKPlan.Hit]? {
        if statistics.count == 1 { return try topOfOne(needed, db, query: query, options: options) }
        var entries: [[Int64: TopKTokenStatistics.Entry]] = []
        var sizes: [Int64: Int] = [:]
        sizes.reserveCapacity(statistics.reduce(0) { $0 + $1.entries.count })
        for token in statistics {
            var byNote: [Int64: TopKTokenStatistics.Entry] = [:]
            byNote.reserveCapacity(token.entries.count)
            for entry in token.entries {
                byNote[entry.note] = entry
                sizes[entry.note] = entry.size
            }
            entries.append(byNote)
        }
        let ids = try passing(Array(sizes.keys), db, query: query, options: options)
        candidateCount = ids.count
        let candidates = ids.map { id in candidate(id, size: sizes[id] ?? 0, entries: entries) }.sorted { $0.upper > $1.upper }
        // Hopeless before any lookup: fewer than `needed` candidates could beat the notes outside the heads.
        if unseenBound > 0 && (candidates.count < needed || candidates[needed - 1].upper <= unseenBound) { return nil }
        var best: [TopKPlan.Hit] = []
        for var candidate in candidates {
            if best.count == needed, let last = best.last, candidate.upper < last.score { break }
            if unseenBound > 0 && candidate.upper <= unseenBound && best.count < needed { return nil }
            for index in candidate.frequencies.indices where candidate.frequencies[index] == nil {
                if lookups >= Self.lookupLimit(needed) { return nil }
                lookups += 1
                candidate.frequencies[index] = try TopKTokenStatistics.lookUp(shape.tokens[index], note: candidate.id, db) ?? 0
            }
            guard shape.matches({ (candidate.frequencies[$0] ?? 0) > 0 }) == true else { continue }
            let hit = TopKPlan.Hit(id: candidate.id, score: score(candidate.frequencies.map { $0 ?? 0 }, size: candidate.size))
            let position = best.firstIndex { TopKPlan.ranksBefore(hit, $0) } ?? best.count
            if position < needed {
                best.insert(hit, at: position)
                if best.count > needed { best.removeLast() }
            }
        }
        if unseenBound == 0 { return best }
        guard best.count == needed, let last = best.last, last.score > unseenBound else { return nil }
        return best
    }

    /// One token (the usual case: a word and its head): every candidate's figures are in the head, so each is
    /// scored exactly and the best `needed` kept (``TopHits``, ties by id), with no sort of the candidates. The
    /// answer stands when the last kept score beats what any note outside the head can reach.
    private mutating func topOfOne(_ needed: Int, _ db: Connection, query: ParsedQuery,
                                   options: SearchOptions) throws -> [TopKPlan.Hit]? {
        let token = statistics[0]
        let filter = SearchFilter(query: query, options: options)
        let passing: Set<Int64>? = filter.isEmpty && shape.exclusion == nil ? nil
            : Set(try Self.passing(token.entries.map { $0.note }, db, shape: shape, filter: filter))
        candidateCount = passing?.count ?? token.entries.count
        // Whether a note holding the token matches the query (one token: the same for every note).
        guard needed > 0, shape.matches({ _ in true }) == true else { return unseenBound == 0 || needed == 0 ? [] : nil }
        var best = TopHits(capacity: needed)
        for entry in token.entries where entry.frequency > 0 {
            if let passing, !passing.contains(entry.note) { continue }
            best.offer(id: entry.note, score: scorer.score(frequency: entry.frequency, size: entry.size, token: 0))
        }
        let hits = best.sorted
        if unseenBound == 0 { return hits }
        guard hits.count == needed, let last = hits.last, last.score > unseenBound else { return nil }
        return hits
    }

    /// The most figures read from FTS5 one note at a time before full scoring is the cheaper way.
    static func lookupLimit(_ needed: Int) -> Int { 4 * needed + 40 }

    /// bm25 of a note from each token's weighted frequency (0 where absent) and its size.
    func score(_ frequencies: [Double], size: Int) -> Double { scorer.score(frequencies, size: size) }

    private func candidate(_ id: Int64, size: Int, entries: [[Int64: TopKTokenStatistics.Entry]]) -> Candidate {
        var frequencies: [Double?] = []
        var upper = 0.0
        for (index, token) in statistics.enumerated() {
            let weight = Double(shape.multiplicity[index]) * idf[index]
            if let entry = entries[index][id] {
                frequencies.append(entry.frequency)
                upper += weight * BM25.saturation(frequency: entry.frequency, size: size, averageSize: averageSize)
            } else if let frontier = token.frontier {
                frequencies.append(nil)
                upper += weight * frontier.bound(size: size, averageSize: averageSize)
            } else {
                frequencies.append(0)
            }
        }
        return Candidate(id: id, size: size, frequencies: frequencies, upper: upper)
    }

    /// The ids that pass the query's path and date filters and its exclusion.
    private func passing(_ ids: [Int64], _ db: Connection, query: ParsedQuery, options: SearchOptions) throws -> [Int64] {
        try Self.passing(ids, db, shape: shape, filter: SearchFilter(query: query, options: options))
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
