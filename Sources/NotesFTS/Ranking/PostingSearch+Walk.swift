extension PostingSearch {
    /// The three columns of ``postings``, in place.
    struct Columns {
        let ids: UnsafeBufferPointer<Int64>
        let frequencies: UnsafeBufferPointer<Double>
        let sizes: UnsafeBufferPointer<Int32>
    }

    /// Scores every matching note that can enter the best `capacity`, keeping those. A driven walk of two
    /// tokens takes ``walkPair(by:_:_:)`` unless `pairWalk` is `false`, and ``walkIntersection(by:_:_:)``
    /// instead when a note must hold both and the other list is at most ``mergeRatio`` times the driver's
    /// (`merge` `false`: never; `true`: whatever the lengths, still only where a note must hold both).
    /// Tests compare the walks.
    mutating func best(_ capacity: Int, pairWalk: Bool = true, merge: Bool? = nil) -> TopHits {
        var hits = TopHits(capacity: capacity)
        let ids = postings.ids, frequencies = postings.frequencies, sizes = postings.sizes
        let count = ids.withUnsafeBufferPointer { ids in
            frequencies.withUnsafeBufferPointer { frequencies in
                sizes.withUnsafeBufferPointer { sizes in
                    let columns = Columns(ids: ids, frequencies: frequencies, sizes: sizes)
                    if let driver {
                        if pairWalk && ranges.count == 2 {
                            if merge ?? (ranges[1 - driver].count <= Self.mergeRatio * ranges[driver].count),
                               !matches(1 << UInt64(driver)) {
                                return walkIntersection(by: driver, columns, &hits)
                            }
                            return walkPair(by: driver, columns, &hits)
                        }
                        return walkDriven(by: driver, columns, &hits)
                    }
                    return walkMerged(columns, &hits)
                }
            }
        }
        scored = count
        return hits
    }

    /// Walks the driver's list (a token every match holds), reaching the others by galloping search; a note
    /// whose driver part plus the other tokens' bounds stays below the k-th score is skipped unread.
    private func walkDriven(by driver: Int, _ columns: Columns, _ hits: inout TopHits) -> Int {
        var cursor = ranges.map(\.lowerBound)
        let ends = ranges.map(\.upperBound)
        var frequencies = [Double](repeating: 0, count: ranges.count)
        let rest = bounds.indices.reduce(0.0) { $1 == driver ? $0 : $0 + bounds[$1] }
        let weight = Double(scorer.multiplicity[driver]) * scorer.idf[driver]
        let skip = DriverSkip(weight: weight, rest: rest, averageSize: scorer.averageSize)
        var threshold = -Double.infinity
        var limit = -Double.infinity
        var scored = 0
        for position in ranges[driver] {
            let id = columns.ids[position], size = Int(columns.sizes[position]), frequency = columns.frequencies[position]
            if hits.threshold != threshold {
                threshold = hits.threshold
                limit = skip.limit(threshold)
            }
            if skip.isBelow(frequency: frequency, size: size, limit: limit) { continue }
            var mask: UInt64 = 1 << UInt64(driver)
            for index in ranges.indices where index != driver {
                let at = Self.seek(columns.ids, from: cursor[index], to: id, end: ends[index])
                cursor[index] = at
                if at < ends[index] && columns.ids[at] == id {
                    frequencies[index] = columns.frequencies[at]
                    mask |= 1 << UInt64(index)
                } else {
                    frequencies[index] = 0
                }
            }
            frequencies[driver] = frequency
            guard matches(mask) else { continue }
            scored += 1
            hits.offer(id: id, score: scorer.score(frequencies, size: size))
        }
        return scored
    }

    /// Merges the lists in id order (MaxScore): once the k-th score is above the summed bounds of the
    /// tokens with the smallest bounds, notes holding only those cannot enter, so only the other tokens'
    /// lists are walked and those are reached by galloping search.
    private func walkMerged(_ columns: Columns, _ hits: inout TopHits) -> Int {
        let count = ranges.count
        var cursor = ranges.map(\.lowerBound)
        let ends = ranges.map(\.upperBound)
        var frequencies = [Double](repeating: 0, count: count)
        let order = ranges.indices.sorted { bounds[$0] < bounds[$1] }
        var sums: [Double] = []
        for index in order { sums.append((sums.last ?? 0) + bounds[index]) }
        var essential = [Bool](repeating: true, count: count)
        var skipped = 0
        var scored = 0
        while true {
            let threshold = hits.threshold
            while skipped < count && sums[skipped] * (1 + 1e-12) < threshold {
                essential[order[skipped]] = false
                skipped += 1
            }
            var id = Int64.max
            for index in 0..<count where essential[index] && cursor[index] < ends[index] {
                id = min(id, columns.ids[cursor[index]])
            }
            if id == .max { break }
            if skipped > 0 && !canEnter(id, essential, cursor, columns, sums[skipped - 1], hits.threshold) {
                for index in 0..<count where essential[index] && cursor[index] < ends[index] && columns.ids[cursor[index]] == id {
                    cursor[index] += 1
                }
                continue
            }
            var mask: UInt64 = 0, size = 0
            for index in 0..<count {
                var at = cursor[index]
                if !essential[index] { at = Self.seek(columns.ids, from: at, to: id, end: ends[index]) }
                if at < ends[index] && columns.ids[at] == id {
                    frequencies[index] = columns.frequencies[at]
                    size = Int(columns.sizes[at])
                    mask |= 1 << UInt64(index)
                    at += 1
                } else {
                    frequencies[index] = 0
                }
                cursor[index] = at
            }
            guard matches(mask) else { continue }
            scored += 1
            hits.offer(id: id, score: scorer.score(frequencies, size: size))
        }
        return scored
    }

    /// Whether note `id` can still enter: its exact part from the essential tokens holding it (at their
    /// cursors) plus `others`, the summed bounds of the tokens not walked, reaches `threshold`.
    @inline(__always)
    private func canEnter(_ id: Int64, _ essential: [Bool], _ cursor: [Int], _ columns: Columns, _ others: Double,
                          _ threshold: Double) -> Bool {
        var part = 0.0
        for index in ranges.indices where essential[index] && cursor[index] < ranges[index].upperBound {
            let at = cursor[index]
            guard columns.ids[at] == id else { continue }
            part += Double(scorer.multiplicity[index]) * scorer.idf[index]
                * BM25.saturation(frequency: columns.frequencies[at], size: Int(columns.sizes[at]), averageSize: scorer.averageSize)
        }
        return (part + others) * (1 + 1e-12) >= threshold
    }
}

/// The test that skips a driver posting in ``PostingSearch``'s AND walk without a division: a note whose
/// driver part plus the other tokens' bounds (`rest`) stays below the k-th score cannot enter.
///
/// The driver part is `weight · f·(k1+1) / (f + k1·(1 − b) + k1·b·D/avgdl)`. Multiplied out by `avgdl` and the
/// denominator (all positive), "part < limit·weight" becomes `f·(k1+1)·avgdl < limit·(avgdl·f + c0 + c1·D)`
/// with `c0 = k1·(1 − b)·avgdl` and `c1 = k1·b`: two multiply-adds where the quotient cost two divisions (a
/// word pair in 30% of 100,000 notes walks 30,000 driver postings and skips most). The limit leaves
/// `2e-12 · threshold` of slack, far above the few units in the last place either form rounds by, so the test
/// never skips a note the quotient's `(part + rest) · (1 + 1e-12) < threshold` would keep.
struct DriverSkip {
    let weight: Double
    let rest: Double
    let averageSize: Double
    private let c0: Double
    private let c1: Double

    init(weight: Double, rest: Double, averageSize: Double) {
        self.weight = weight
        self.rest = rest
        self.averageSize = averageSize
        c0 = BM25.k1 * (1 - BM25.b) * averageSize
        c1 = BM25.k1 * BM25.b
    }

    /// The saturation a driver posting must reach to be read further, for the k-th score `threshold`.
    func limit(_ threshold: Double) -> Double {
        (threshold * (1 - 2e-12) - rest) / weight
    }

    /// Whether a posting of frequency `f` in a note of `size` tokens stays below `limit`.
    @inline(__always)
    func isBelow(frequency f: Double, size: Int, limit: Double) -> Bool {
        limit > 0 && f * (BM25.k1 + 1.0) * averageSize < limit * (averageSize * f + c0 + c1 * Double(size))
    }
}
