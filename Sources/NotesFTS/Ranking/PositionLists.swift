/// Each distinct token's positions in one note, as FTS5 orders them (column, then offset in it), kept from
/// note to note; and the phrase's instances among them.
struct PositionLists {
    /// Each list's positions as `column << 32 | offset`, ascending.
    private var keys: [[UInt64]]
    /// Where each phrase token stands in the list of its token, from one instance to the next.
    private var cursors: [Int]
    private let weights = Schema.rankWeights

    init(count: Int, phraseLength: Int) {
        keys = Array(repeating: [], count: count)
        cursors = Array(repeating: 0, count: phraseLength)
    }

    /// Decodes FTS5's position list `bytes[range]` into list `index`: `1` then a column number starts a
    /// column; any other varint `v` is the offset `v − 2` after the one before in the column (31 bits, as
    /// FTS5 masks it); `false` when it does not decode.
    mutating func decode(list index: Int, _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        keys[index].removeAll(keepingCapacity: true)
        return bytes.withUnsafeBufferPointer { bytes in
            var offset = range.lowerBound
            var column: UInt64 = 0, position: UInt64 = 0
            while offset < range.upperBound {
                guard let value = Varint.read(bytes, &offset, end: range.upperBound) else { return false }
                if value == 1 {
                    guard let next = Varint.read(bytes, &offset, end: range.upperBound), next < 1 << 31 else { return false }
                    column = next
                    position = 0
                    continue
                }
                guard value >= 2 else { return false }
                position = (position &+ (value - 2)) & 0x7FFF_FFFF
                keys[index].append(column << 32 | position)
            }
            return true
        }
    }

    /// The phrase's instances (the first token at `p`, the `i`-th at `p + i` in the same column), each
    /// weighted by its column, summed; the `i`-th phrase token's positions are list `slots[i]`.
    mutating func weightedInstances(slots: [Int]) -> Double {
        for index in cursors.indices { cursors[index] = 0 }
        var counts = (0, 0, 0)
        for anchor in keys[slots[0]] {
            var found = true
            for index in slots.indices.dropFirst() {
                let wanted = anchor + UInt64(index)
                let list = keys[slots[index]]
                var cursor = cursors[index]
                while cursor < list.count && list[cursor] < wanted { cursor += 1 }
                cursors[index] = cursor
                if cursor == list.count || list[cursor] != wanted {
                    found = false
                    break
                }
            }
            guard found else { continue }
            switch anchor >> 32 {
            case 0: counts.0 += 1
            case 1: counts.1 += 1
            default: counts.2 += 1
            }
        }
        return Double(counts.0) * weights.title + Double(counts.1) * weights.body + Double(counts.2) * weights.tags
    }
}
