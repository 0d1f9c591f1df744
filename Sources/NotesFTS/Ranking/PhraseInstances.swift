/// A phrase's instances in one note, from its tokens' position lists, as FTS5 finds them
/// (`fts5ExprPhraseIsMatch`): a position `p` of the first token such that the `i`-th token is at `p + i` in the
/// same column; overlapping instances each count (`"alpha alpha"` is twice in `alpha alpha alpha`).
enum PhraseInstances {
    /// The instances, each weighted by its column (``Schema/rankWeights``; columns after the third as the
    /// third, as ``RowStatisticsFunctions`` counts them), summed; the `i`-th phrase token's position list is
    /// `bytes[lists[i]]`. `nil` when a list read does not decode.
    static func weighted(_ bytes: UnsafeBufferPointer<UInt8>, _ lists: UnsafeBufferPointer<Range<Int>>) -> Double? {
        guard !lists.isEmpty else { return 0 }
        if lists.count == 2 { return weightedPair(bytes, lists[0], lists[1]) }
        return withUnsafeTemporaryAllocation(of: PositionStream.self, capacity: lists.count) { streams -> Double? in
            for index in lists.indices {
                streams.initializeElement(at: index, to: PositionStream(lists[index]))
                guard streams[index].next(bytes) else { return nil }
            }
            var counts = ColumnCounts()
            scan: while !streams[0].isDone {
                let anchor = streams[0].key
                var found = true
                for index in 1..<lists.count {
                    let wanted = anchor + UInt64(index)
                    while !streams[index].isDone && streams[index].key < wanted {
                        guard streams[index].next(bytes) else { return nil }
                    }
                    // A token with no position left at or after where it is wanted: no instance follows.
                    if streams[index].isDone { break scan }
                    if streams[index].key != wanted {
                        found = false
                        break
                    }
                }
                if found { counts.add(column: anchor >> 32) }
                guard streams[0].next(bytes) else { return nil }
            }
            return counts.weightedFrequency
        }
    }

    /// ``weighted(_:_:)-(UnsafeBufferPointer<UInt8>,_)`` for a phrase of two tokens (most phrases), with its two
    /// streams held in place.
    static func weightedPair(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ second: Range<Int>) -> Double? {
        var anchors = PositionStream(first), follows = PositionStream(second)
        guard anchors.next(bytes), follows.next(bytes) else { return nil }
        var counts = ColumnCounts()
        while !anchors.isDone && !follows.isDone {
            let wanted = anchors.key + 1
            if follows.key < wanted {
                guard follows.next(bytes) else { return nil }
                continue
            }
            if follows.key == wanted {
                counts.add(column: anchors.key >> 32)
            }
            guard anchors.next(bytes) else { return nil }
        }
        // Most notes holding both tokens hold no instance: no arithmetic for those.
        return counts == ColumnCounts() ? 0 : counts.weightedFrequency
    }

    /// The same over `bytes`, with each phrase token's list given by its range.
    static func weighted(_ bytes: [UInt8], _ lists: [Range<Int>]) -> Double? {
        bytes.withUnsafeBufferPointer { bytes in lists.withUnsafeBufferPointer { weighted(bytes, $0) } }
    }
}
