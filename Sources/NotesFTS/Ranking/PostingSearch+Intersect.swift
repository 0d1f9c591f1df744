extension PostingSearch {
    /// How many times longer than the driver's list the other list may be for ``walkIntersection(by:_:_:)``
    /// to walk both: a merge steps through every posting of both lists (about a nanosecond each), a galloping
    /// search costs about 20 ns a driver posting (its steps are mispredicted branches), so the merge wins up
    /// to a few times the driver's length.
    static let mergeRatio = 8

    /// ``walkPair(by:_:_:)`` for two tokens of which a note must hold both (the upper tiers' `read OR book`
    /// and `read book`): the two lists' ids are merged without a branch on their order (each step advances
    /// the cursor, or both, whose id is not above the other's), and only a note in both is tested against the
    /// bound and scored. The pair walk reached the other list by a galloping search for every driver posting
    /// its bound did not skip, nearly all of them (the other token's bound over its tier is large), 21% of
    /// `read OR book` at 100,000 notes.
    ///
    /// It offers the same notes with the same scores in the same order, and scores the same number: the pair
    /// walk offers only notes in both lists (a driver posting alone does not match), in driver order, each
    /// after the same bound test with the threshold the offers before it left (`PostingSearchPairTests`).
    /// Both lists must have strictly increasing ids, as every stored and merged list has: a repeated id would
    /// be offered once here and as often as it repeats by the pair walk.
    func walkIntersection(by driver: Int, _ columns: Columns, _ hits: inout TopHits) -> Int {
        let other = 1 - driver
        let weight = Double(scorer.multiplicity[driver]) * scorer.idf[driver]
        let skip = DriverSkip(weight: weight, rest: bounds[other], averageSize: scorer.averageSize)
        var frequencies = [Double](repeating: 0, count: 2)
        var threshold = -Double.infinity
        var limit = -Double.infinity
        var scored = 0
        let ids = columns.ids
        var position = ranges[driver].lowerBound, cursor = ranges[other].lowerBound
        let end = ranges[driver].upperBound, otherEnd = ranges[other].upperBound
        while position < end && cursor < otherEnd {
            let id = ids[position], otherID = ids[cursor]
            if id == otherID {
                let size = Int(columns.sizes[position]), frequency = columns.frequencies[position]
                if hits.threshold != threshold {
                    threshold = hits.threshold
                    limit = skip.limit(threshold)
                }
                if !skip.isBelow(frequency: frequency, size: size, limit: limit) {
                    frequencies[driver] = frequency
                    frequencies[other] = columns.frequencies[cursor]
                    scored += 1
                    hits.offer(id: id, score: scorer.score(frequencies, size: size))
                }
            }
            position &+= id <= otherID ? 1 : 0
            cursor &+= otherID <= id ? 1 : 0
        }
        return scored
    }
}
