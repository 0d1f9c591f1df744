import SQLiteKit

extension PhraseLeafPass {
    /// The segments in groups whose ranges of note ids (over the doclists of `keys`) do not overlap, in id
    /// order, each newest first as `segments` is; a segment holding none of the words is in none. `nil` when a
    /// doclist does not decode.
    static func groups(of segments: [FullTextStructure.Segment], keys: [(word: Int32, key: [UInt8])],
                       _ leaves: SegmentPostings) throws -> [[FullTextStructure.Segment]]? {
        var spans: [(segment: Int, low: Int64, high: Int64)] = []
        var staging: [UInt8] = []
        for (index, segment) in segments.enumerated() {
            var low = Int64.max, high = Int64.min
            for (_, key) in keys {
                staging.removeAll(keepingCapacity: true)
                guard let whole = try leaves.appendDoclist(of: key, in: segment, to: &staging) else { return nil }
                guard !staging.isEmpty else { continue }
                guard let ids = Self.firstAndLast(staging, whole: whole) else { return nil }
                low = min(low, ids.first)
                high = max(high, ids.last)
            }
            if low <= high { spans.append((index, low, high)) }
        }
        spans.sort { $0.low < $1.low }
        var groups: [[Int]] = [], reach = Int64.min
        for span in spans {
            if groups.isEmpty || span.low > reach {
                groups.append([span.segment])
            } else {
                groups[groups.count - 1].append(span.segment)
            }
            reach = max(reach, span.high)
        }
        return groups.map { $0.sorted().map { segments[$0] } }
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
