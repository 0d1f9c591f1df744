/// How a block of an upper tier (``UpperTier``) is stored in `topk_upper` (from top-k format 8): by column, so
/// that the note ids can be read without the frequencies and sizes.
///
/// Why: the upper-tier route scores only the notes that hold every word in its tier (about 500 of the 12,500
/// postings of `read OR book` at 100,000 notes). Stored posting by posting (``PostingList/encoded(_:)``), every
/// posting's `f` and `D` had to be parsed to reach the next id: decoding was a fifth of that query. By column,
/// the ids are one varint each, and a note's `f` and `D` sit at its index (``TierColumns``).
///
/// Layout of a block keyed by `first` (its first id), `n` postings:
///
/// - `n`, a varint;
/// - `n` id gaps, varints (the first from `first`, so 0);
/// - `n` bytes of `f`, 255 meaning "in the escapes";
/// - `n` sizes `D`, two bytes each, little-endian, 65,535 meaning "in the escapes";
/// - the escapes: the `f` of each posting whose byte is 255, then the `D` of each whose size is 65,535, varints
///   in posting order.
///
/// ```swift
/// let bytes = TierBlock.encode(list, 0..<list.count)
/// var back = PostingList()
/// _ = bytes.withUnsafeBytes { TierBlock.decode($0, first: list.ids[0], into: &back) }   // back == list
/// ```
enum TierBlock {
    /// The `f` byte that sends a frequency to the escapes.
    static let frequencyEscape: UInt8 = 255
    /// The size that sends a size to the escapes.
    static let sizeEscape: UInt16 = 65_535

    /// The postings of `list` in `range`, as one block keyed by the first's id.
    static func encode(_ list: PostingList, _ range: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count * 4 + 2)
        PostingList.appendVarint(UInt64(range.count), to: &bytes)
        var previous = range.isEmpty ? 0 : list.ids[range.lowerBound]
        for index in range {
            PostingList.appendVarint(UInt64(list.ids[index] - previous), to: &bytes)
            previous = list.ids[index]
        }
        var frequencies: [UInt64] = [], sizes: [UInt64] = []
        for index in range {
            let frequency = UInt64(max(list.frequencies[index].rounded(), 0))
            if frequency >= UInt64(frequencyEscape) { frequencies.append(frequency) }
            bytes.append(UInt8(min(frequency, UInt64(frequencyEscape))))
        }
        for index in range {
            let size = UInt64(max(list.sizes[index], 0))
            if size >= UInt64(sizeEscape) { sizes.append(size) }
            let stored = UInt16(min(size, UInt64(sizeEscape)))
            bytes.append(UInt8(truncatingIfNeeded: stored))
            bytes.append(UInt8(truncatingIfNeeded: stored >> 8))
        }
        for value in frequencies + sizes { PostingList.appendVarint(value, to: &bytes) }
        return bytes
    }

    /// Appends the postings of the block `bytes` keyed by `first` to `list`; `false` when the bytes are
    /// malformed (then `list` may hold part of the block).
    static func decode(_ bytes: UnsafeRawBufferPointer, first: Int64, into list: inout PostingList) -> Bool {
        var columns = TierColumns()
        guard columns.append(bytes, first: first) else { return false }
        list.reserve(list.count + columns.count)
        for index in 0..<columns.count {
            list.append(id: columns.ids[index], frequency: columns.frequency(at: index), size: Int(columns.size(at: index)))
        }
        return true
    }
}
