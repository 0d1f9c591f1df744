import SQLiteKit

extension PhraseLeafPass {
    /// A group of segments whose notes' ids overlap, and what the words' doclists in it hold.
    struct Group {
        /// Newest first.
        var segments: [FullTextStructure.Segment]
        /// The smallest and largest note id in the words' doclists.
        var low: Int64
        var high: Int64
        /// The doclists' bytes.
        var bytes: Int
    }

    /// The segments in groups whose ranges of note ids (over the doclists of `keys`) do not overlap, in id
    /// order, each newest first as `segments` is; a segment holding none of the words is in none. `nil` when a
    /// doclist does not decode.
    static func groups(of segments: [FullTextStructure.Segment], keys: [(word: Int32, key: [UInt8])],
                       _ leaves: SegmentPostings) throws -> [Group]? {
        var spans: [(segment: Int, low: Int64, high: Int64, bytes: Int)] = []
        var staging: [UInt8] = []
        for (index, segment) in segments.enumerated() {
            var low = Int64.max, high = Int64.min, bytes = 0
            for (_, key) in keys {
                staging.removeAll(keepingCapacity: true)
                guard let whole = try leaves.appendDoclist(of: key, in: segment, to: &staging) else { return nil }
                guard !staging.isEmpty else { continue }
                guard let ids = Self.firstAndLast(staging, whole: whole) else { return nil }
                bytes += staging.count
                low = min(low, ids.first)
                high = max(high, ids.last)
            }
            if low <= high { spans.append((index, low, high, bytes)) }
        }
        spans.sort { $0.low < $1.low }
        var groups: [(indices: [Int], low: Int64, high: Int64, bytes: Int)] = []
        for span in spans {
            if let last = groups.last, span.low <= last.high {
                groups[groups.count - 1].indices.append(span.segment)
                groups[groups.count - 1].high = max(last.high, span.high)
                groups[groups.count - 1].bytes += span.bytes
            } else {
                groups.append(([span.segment], span.low, span.high, span.bytes))
            }
        }
        return groups.map { Group(segments: $0.indices.sorted().map { segments[$0] }, low: $0.low, high: $0.high, bytes: $0.bytes) }
    }

    /// Where the bands of a group of `bytes` bytes of doclists over ids `low...high` start, after the first: as
    /// many as it takes to hold about `bandBytes` each (at most ``maximumBands``), over equal spans of ids;
    /// none when one band holds it.
    static func bandStarts(low: Int64, high: Int64, bytes: Int, bandBytes: Int) -> [Int64] {
        let bands = min((bytes + max(bandBytes, 1) - 1) / max(bandBytes, 1), maximumBands)
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard bands > 1, !overflow, span >= Int64(bands) else { return [] }
        return (1..<bands).map { low + Int64((Double(span) * Double($0) / Double(bands)).rounded(.down)) }
    }

    /// The part of one doclist (its bytes and the offsets where a rowid is written whole, the first of them 0)
    /// that holds its entries from `from` and below `below`: from the last page start at or below `from` to the
    /// first page start at or above `below`; the entries outside the bounds left in it are stepped over by the
    /// walk. `nil` when a rowid does not decode.
    static func band(of doclist: [UInt8], whole: [Int], from: Int64, below: Int64?) -> (range: Range<Int>, whole: [Int])? {
        let rowids = doclist.withUnsafeBufferPointer { bytes in
            DoclistCursor(0..<bytes.count, whole: whole).pageStarts(bytes).map(\.rowid)
        }
        guard rowids.count == whole.count, !whole.isEmpty else { return nil }
        var first = 0
        while first + 1 < rowids.count && rowids[first + 1] <= from { first += 1 }
        var end = first + 1
        if let below { while end < rowids.count && rowids[end] < below { end += 1 } } else { end = rowids.count }
        let upper = end < whole.count ? whole[end] : doclist.count
        return (whole[first]..<upper, Array(whole[first..<end]))
    }

    /// The first and last note id of a doclist (the last page's entries stepped through); `nil` when it does not
    /// decode.
    private static func firstAndLast(_ bytes: [UInt8], whole: [Int]) -> (first: Int64, last: Int64)? {
        bytes.withUnsafeBufferPointer { bytes -> (first: Int64, last: Int64)? in
            var first = DoclistCursor(0..<bytes.count, whole: whole)
            guard first.step(bytes), !first.isDone else { return nil }
            var last = DoclistCursor(0..<bytes.count, whole: whole)
            last.skipPages(below: .max, bytes)
            var id = first.id
            while true {
                guard last.step(bytes) else { return nil }
                if last.isDone { break }
                id = last.id
            }
            return (first.id, max(id, first.id))
        }
    }
}
