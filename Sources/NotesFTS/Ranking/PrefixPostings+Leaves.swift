import SQLiteKit

extension PrefixPostings {
    /// The parts read from FTS5's leaves with no list of the expansions first: the tracked ones come from
    /// `topk_terms`, and the runs of untracked ones between them are the key ranges between those terms,
    /// read whole (``SegmentPostings/appendFrequencies(keysFrom:below:budget:to:)``). Listing them first with
    /// `fts5vocab` cost 1.3 M instructions of `read*`'s 7.35 M at 100,000 notes. The limits are those of
    /// ``parts(_:_:reading:limits:)``, from the same figures: the expansions counted, and each untracked
    /// one's notes (its entries). `nil` when the leaves cannot be read here (a write open, outside a
    /// transaction) or cannot say, or hold more entries than the limit could allow (a short prefix stops
    /// early): then `fts5vocab` lists the expansions and decides, and FTS5 reads them.
    static func partsFromLeaves(_ prefix: String, _ db: Connection,
                                limits: Limits) throws -> Result<Parts, TopKQuery.Unsupported>? {
        let statistics = try MatchStatistics(db)
        guard statistics.sizesFromTable, !db.isWriting, !db.isAutocommit,
              let first = SegmentPostings.key(of: prefix), let end = SegmentPostings.key(of: upperBound(prefix)) else { return nil }
        var parts = Parts()
        parts.tracked = try trackedExpansions(prefix, db, limit: limits.expansions + 1)
        guard parts.tracked.count <= limits.expansions else { return .failure(tooManyExpansions(prefix, limits)) }
        // The key ranges around the tracked terms: from the prefix to the first, from just after each (its key
        // and a zero byte) to the next, and from the last to the end of the prefix.
        var bounds: [(low: [UInt8], high: [UInt8])] = []
        var low = first
        for (term, _) in parts.tracked {
            guard let key = SegmentPostings.key(of: term) else { return nil }
            bounds.append((low, key))
            low = key + [0]
        }
        bounds.append((low, end))
        // The most untracked entries the limit can allow: u ≤ max(limit, share · (t + u)) with t the tracked notes.
        let trackedNotes = parts.tracked.reduce(0) { $0 + $1.documents }
        let budget = limits.untrackedShare >= 1 ? Int.max
            : max(limits.untrackedNotes, Int(min(limits.untrackedShare / (1 - limits.untrackedShare) * Double(trackedNotes), 1e15)) + 1)
        let leaves = try SegmentPostings.of(db)
        var rows: [MatchStatistics.Row] = []
        // The room kept with the connection, given back once the list is made.
        swap(&rows, &leaves.untrackedRows)
        rows.removeAll(keepingCapacity: true)
        defer { swap(&rows, &leaves.untrackedRows) }
        var terms = 0
        for (low, high) in bounds where low.lexicographicallyPrecedes(high) {
            guard let count = try leaves.appendFrequencies(keysFrom: low, below: high, budget: budget - rows.count, to: &rows) else {
                return nil
            }
            terms += count
        }
        guard parts.tracked.count + terms <= limits.expansions else { return .failure(tooManyExpansions(prefix, limits)) }
        if let tooMany = tooManyUntracked(prefix, notes: rows.count, of: trackedNotes + rows.count, limits) { return .failure(tooMany) }
        parts.untracked = try list(summing: &rows, statistics, db)
        return .success(parts)
    }
}
