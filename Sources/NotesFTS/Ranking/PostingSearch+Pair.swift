extension PostingSearch {
    /// The driven walk (``walkDriven(by:_:_:)``'s arithmetic and order) for a query of exactly two tokens, the
    /// shape of `read book` and of `read OR book` on the upper tiers: the other token's cursor and end are
    /// locals, the frequencies are written only for a note that is scored, and whether a note holding the
    /// driver alone matches is decided once. The general walk kept both in arrays, read and written again for
    /// every driver posting, with a loop over the tokens around the one lookup.
    ///
    /// It offers the same notes with the same scores in the same order, so the kept hits are the same
    /// (`PostingSearchPairTests` compares the two on seeded lists).
    func walkPair(by driver: Int, _ columns: Columns, _ hits: inout TopHits) -> Int {
        let other = 1 - driver
        var cursor = ranges[other].lowerBound
        let end = ranges[other].upperBound
        let weight = Double(scorer.multiplicity[driver]) * scorer.idf[driver]
        let skip = DriverSkip(weight: weight, rest: bounds[other], averageSize: scorer.averageSize)
        let aloneMatches = matches(1 << UInt64(driver))
        var frequencies = [Double](repeating: 0, count: 2)
        var threshold = -Double.infinity
        var limit = -Double.infinity
        var scored = 0
        let ids = columns.ids
        for position in ranges[driver] {
            let size = Int(columns.sizes[position]), frequency = columns.frequencies[position]
            if hits.threshold != threshold {
                threshold = hits.threshold
                limit = skip.limit(threshold)
            }
            if skip.isBelow(frequency: frequency, size: size, limit: limit) { continue }
            let id = ids[position]
            cursor = Self.seek(ids, from: cursor, to: id, end: end)
            let otherFrequency: Double
            if cursor < end && ids[cursor] == id {
                otherFrequency = columns.frequencies[cursor]
            } else {
                guard aloneMatches else { continue }
                otherFrequency = 0
            }
            frequencies[driver] = frequency
            frequencies[other] = otherFrequency
            scored += 1
            hits.offer(id: id, score: scorer.score(frequencies, size: size))
        }
        return scored
    }
}
