/// The notes that hold every token of a query in the token's upper tier (``TopKPlan``'s upper-tier route), as
/// posting lists: one list a token, each with the same notes in id order and that token's `f` and `D` for them.
///
/// Only these notes are scored on that route, so only they need their `f` and `D`: the tiers' ids are
/// intersected first (``TierColumns``), and a ``PostingSearch`` over what is left finds the same best notes
/// with the same scores as one over the whole tiers (its walk scores exactly the notes holding every token,
/// and skips only by bounds that stay safe over fewer notes). `read OR book` at 100,000 notes: 12,553
/// postings in the two tiers, 498 notes in both.
enum UpperTierIntersection {
    /// The postings of the notes in every one of `tiers` (one a token, in the query's order) and where each
    /// token's are.
    static func postings(_ tiers: [TierColumns]) -> (postings: PostingList, ranges: [Range<Int>]) {
        guard let driver = tiers.indices.min(by: { tiers[$0].count < tiers[$1].count }) else { return (PostingList(), []) }
        // Each token's index of the notes still in the intersection, one array a token, aligned; the driver's
        // (the shortest tier) first, every other tier then keeping those it holds.
        var places = [[Int]](repeating: [], count: tiers.count)
        var first = true
        for other in tiers.indices where other != driver {
            let (kept, at) = tiers[driver].ids.withUnsafeBufferPointer { driverIDs in
                tiers[other].ids.withUnsafeBufferPointer { ids in
                    // The first other tier is met with all the driver's notes, the next ones with those kept.
                    first ? Self.found(nil, of: driverIDs, in: ids)
                        : places[driver].withUnsafeBufferPointer { Self.found($0, of: driverIDs, in: ids) }
                }
            }
            if first {
                places[driver] = kept
            } else {
                for token in tiers.indices where !places[token].isEmpty {
                    places[token] = kept.map { places[token][$0] }
                }
            }
            places[other] = at
            first = false
        }
        if first { places[driver] = Array(0..<tiers[driver].count) }
        // The lists, one after the other, each column written in place.
        let notes = places[driver].count, total = notes * tiers.count
        let ids = [Int64](unsafeUninitializedCapacity: total) { ids, written in
            for token in tiers.indices {
                tiers[token].ids.withUnsafeBufferPointer { tier in
                    for (note, index) in places[token].enumerated() { ids[token * notes + note] = tier[index] }
                }
            }
            written = total
        }
        let frequencies = [Double](unsafeUninitializedCapacity: total) { frequencies, written in
            for token in tiers.indices {
                for (note, index) in places[token].enumerated() { frequencies[token * notes + note] = tiers[token].frequency(at: index) }
            }
            written = total
        }
        let sizes = [Int32](unsafeUninitializedCapacity: total) { sizes, written in
            for token in tiers.indices {
                for (note, index) in places[token].enumerated() { sizes[token * notes + note] = tiers[token].size(at: index) }
            }
            written = total
        }
        let postings = PostingList(ids: ids, frequencies: frequencies, sizes: sizes)
        let ranges = tiers.indices.map { $0 * notes..<($0 + 1) * notes }
        return (postings, ranges)
    }

    /// The positions in `candidates` (indices of `driverIDs`, ascending; `nil`: all of them) of the notes
    /// `ids` (ascending) holds, and their indices in `ids`: one merge of both, which steps the one with the
    /// lower id, or both, without a branch on which.
    private static func found(_ candidates: UnsafeBufferPointer<Int>?, of driverIDs: UnsafeBufferPointer<Int64>,
                              in ids: UnsafeBufferPointer<Int64>) -> (kept: [Int], at: [Int]) {
        guard let candidates else {
            // All the driver's notes (the first other tier, the only one of a pair).
            return marks(ids, covering: driverIDs) ?? merge(driverIDs.count, { driverIDs[$0] }, ids)
        }
        return merge(candidates.count, { driverIDs[candidates[$0]] }, ids)
    }

    /// The merge of ``found(_:of:in:)``: the `count` candidates' ids (`id(position)`, ascending) against `ids`.
    @inline(__always)
    private static func merge(_ count: Int, _ id: (Int) -> Int64, _ ids: UnsafeBufferPointer<Int64>) -> (kept: [Int], at: [Int]) {
        var kept: [Int] = [], at: [Int] = []
        var position = 0, cursor = 0
        while position < count && cursor < ids.count {
            let candidate = id(position), other = ids[cursor]
            if candidate == other {
                kept.append(position)
                at.append(cursor)
            }
            position &+= candidate <= other ? 1 : 0
            cursor &+= other <= candidate ? 1 : 0
        }
        return (kept, at)
    }

    /// ``found(_:of:in:)`` for all of `driverIDs`, by a bit a note id: `ids`' bits set, each driver id's bit
    /// tested, and the index in `ids` of one that is set found by galloping search from the last. A merge
    /// compared every id of both with a branch it could not predict (about 18 instructions a step); this
    /// writes one bit an id of `ids` and reads one a driver id. `nil` (merge instead) when the ids span more
    /// than 64 times the notes of both, where the bits would cost more than the merge.
    private static func marks(_ ids: UnsafeBufferPointer<Int64>, covering driverIDs: UnsafeBufferPointer<Int64>)
        -> (kept: [Int], at: [Int])? {
        guard let lowest = Swift.min(ids.first ?? .max, driverIDs.first ?? .max) as Int64?,
              let highest = Swift.max(ids.last ?? .min, driverIDs.last ?? .min) as Int64?,
              lowest <= highest else { return ([], []) }
        let (span, overflow) = highest.subtractingReportingOverflow(lowest)
        guard !overflow, span / 64 < Int64(ids.count + driverIDs.count) else { return nil }
        var bits = [UInt64](repeating: 0, count: Int(span / 64) + 1)
        var kept: [Int] = [], at: [Int] = []
        bits.withUnsafeMutableBufferPointer { bits in
            for id in ids {
                let offset = UInt64(id &- lowest)
                bits[Int(offset >> 6)] |= 1 << (offset & 63)
            }
            var cursor = 0
            for position in 0..<driverIDs.count {
                let offset = UInt64(driverIDs[position] &- lowest)
                guard bits[Int(offset >> 6)] >> (offset & 63) & 1 != 0 else { continue }
                cursor = PostingSearch.seek(ids, from: cursor, to: driverIDs[position], end: ids.count)
                kept.append(position)
                at.append(cursor)
            }
        }
        return (kept, at)
    }
}
