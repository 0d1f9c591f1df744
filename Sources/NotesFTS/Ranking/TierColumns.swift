/// An upper tier read from its blocks (``TierBlock``) without decoding it into a ``PostingList``: the note ids
/// decoded, each note's `f` and `D` kept as stored (a byte and two bytes) and read only for the notes a query
/// scores (``UpperTierIntersection``).
struct TierColumns {
    /// The notes, ascending.
    private(set) var ids: [Int64] = []
    /// Each note's `f`, or ``TierBlock/frequencyEscape`` when it is in ``frequencyEscapes``.
    private var frequencyBytes: [UInt8] = []
    /// Each note's `D`, or ``TierBlock/sizeEscape`` when it is in ``sizeEscapes``.
    private var sizeValues: [UInt16] = []
    /// The escaped frequencies: (index, value), ascending by index.
    private var frequencyEscapes: [(index: Int, value: UInt64)] = []
    /// The escaped sizes: (index, value), ascending by index.
    private var sizeEscapes: [(index: Int, value: UInt64)] = []
    /// The largest of ``frequencyBytes`` and the smallest of ``sizeValues`` (kept as the blocks come in).
    private var largestByte: UInt8 = 0, smallestValue = UInt16.max

    /// The number of notes.
    var count: Int { ids.count }

    init() {}

    /// Makes room for `count` notes in all, so that the blocks append without moving the columns.
    mutating func reserve(_ count: Int) {
        ids.reserveCapacity(count)
        frequencyBytes.reserveCapacity(count)
        sizeValues.reserveCapacity(count)
    }

    /// The weighted frequency of the note at `index`.
    func frequency(at index: Int) -> Double {
        let byte = frequencyBytes[index]
        guard byte == TierBlock.frequencyEscape else { return Double(byte) }
        return Double(Self.escaped(frequencyEscapes, index))
    }

    /// The size of the note at `index`.
    func size(at index: Int) -> Int32 {
        let value = sizeValues[index]
        guard value == TierBlock.sizeEscape else { return Int32(value) }
        return Int32(clamping: Self.escaped(sizeEscapes, index))
    }

    /// The largest frequency and the smallest size (`nil` when empty), what the tier's bound is made of: the
    /// same as ``PostingSearch/extremes(_:in:)`` over the tier decoded.
    var extremes: (frequency: Double, size: Int32)? {
        guard !ids.isEmpty else { return nil }
        var frequency = Double(largestByte), size = Int32(smallestValue)
        if largestByte == TierBlock.frequencyEscape { frequency = Double(frequencyEscapes.map(\.value).max() ?? 0) }
        if smallestValue == TierBlock.sizeEscape { size = Int32(clamping: sizeEscapes.map(\.value).min() ?? 0) }
        return (frequency, size)
    }

    /// The escape of `index` in `escapes` (binary search; the block's reader made one for every escaped byte).
    private static func escaped(_ escapes: [(index: Int, value: UInt64)], _ index: Int) -> UInt64 {
        var (low, high) = (0, escapes.count)
        while low < high {
            let middle = (low + high) / 2
            if escapes[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return escapes[low].value
    }

    /// Appends the block `bytes` keyed by `first` (ids above the last one's); `false` when it is malformed (its
    /// count, gaps, columns and escapes must fill it exactly, and its ids must rise), and then the columns are
    /// left part-way and must not be read.
    mutating func append(_ bytes: UnsafeRawBufferPointer, first: Int64) -> Bool {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        let block = UnsafeBufferPointer(start: base, count: bytes.count)
        var offset = 0
        guard let stated = PostingList.varint(block, &offset), stated > 0, stated <= UInt64(block.count) else { return false }
        let count = Int(stated), start = ids.count
        // The columns grow by the block and are written in place: an append a posting checked the array's
        // capacity and uniqueness every time, more than reading the posting.
        let previous = ids.last
        ids.reserveCapacity(start + count)
        ids.append(contentsOf: repeatElement(0, count: count))
        let decoded = ids.withUnsafeMutableBufferPointer { ids in
            Self.decodeIDs(block, at: &offset, first: first, after: previous, into: UnsafeMutableBufferPointer(rebasing: ids[start...]))
        }
        guard decoded, block.count - offset >= 3 * count else { return false }
        frequencyBytes.append(contentsOf: UnsafeBufferPointer(rebasing: block[offset..<offset + count]))
        offset += count
        // Two bytes a size, little-endian: copied as they are, then swapped on a big-endian machine.
        sizeValues.append(contentsOf: repeatElement(0, count: count))
        sizeValues.withUnsafeMutableBufferPointer { sizes in
            let target = UnsafeMutableBufferPointer(rebasing: sizes[start...])
            UnsafeMutableRawBufferPointer(target).copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 2 * count]))
            if UInt16(littleEndian: 1) != 1 {
                for index in target.indices { target[index] = UInt16(littleEndian: target[index]) }
            }
        }
        offset += 2 * count
        // The block's extremes, which also tell whether it has escapes to read (rarely).
        var largest: UInt8 = 0, smallest = UInt16.max, largestSize: UInt16 = 0
        for byte in UnsafeBufferPointer(rebasing: block[offset - 3 * count..<offset - 2 * count]) { largest = max(largest, byte) }
        sizeValues.withUnsafeBufferPointer { sizes in
            for value in UnsafeBufferPointer(rebasing: sizes[start...]) {
                smallest = min(smallest, value)
                largestSize = max(largestSize, value)
            }
        }
        largestByte = max(largestByte, largest)
        smallestValue = min(smallestValue, smallest)
        if largest == TierBlock.frequencyEscape {
            for index in start..<start + count where frequencyBytes[index] == TierBlock.frequencyEscape {
                guard let value = PostingList.varint(block, &offset), value >= UInt64(TierBlock.frequencyEscape) else { return false }
                frequencyEscapes.append((index, value))
            }
        }
        if largestSize == TierBlock.sizeEscape {
            for index in start..<start + count where sizeValues[index] == TierBlock.sizeEscape {
                guard let value = PostingList.varint(block, &offset), value >= UInt64(TierBlock.sizeEscape) else { return false }
                sizeEscapes.append((index, value))
            }
        }
        return offset == block.count
    }

    /// Decodes `ids.count` id gaps of `block` from `offset` on (the first from `first`) into `ids`; `false`
    /// when a gap does not decode, an id does not rise above the one before (`previous` for the first; only the
    /// first gap may be 0) or passes `Int64.max`.
    ///
    /// Nearly every gap of a tier is one byte (below 128): eight such bytes, none of them 0, are read from
    /// one load and added up without a branch a gap. Any other gap is read by ``PostingList/varint(_:_:)``.
    private static func decodeIDs(_ block: UnsafeBufferPointer<UInt8>, at offset: inout Int, first: Int64,
                                  after previous: Int64?, into ids: UnsafeMutableBufferPointer<Int64>) -> Bool {
        guard let bytes = block.baseAddress, !ids.isEmpty else { return true }
        var position = offset
        // The first gap, which may be 0.
        guard let gap = PostingList.varint(block, &position), gap <= UInt64(Int64.max - max(first, 0)) else { return false }
        var id = first + Int64(gap)
        if let previous, id <= previous { return false }
        ids[0] = id
        var index = 1
        while index < ids.count {
            if index + 8 <= ids.count && position + 8 <= block.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self))
                // No byte with its high bit set (each a whole varint), and none 0 (the ids rise).
                let zero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if word & 0x8080_8080_8080_8080 == 0 && zero == 0 {
                    let start = id
                    for lane in 0..<8 {
                        id &+= Int64(truncatingIfNeeded: word >> UInt64(8 * lane) & 0xFF)
                        ids[index + lane] = id
                    }
                    // Eight gaps add at most 1,016: a wrap past `Int64.max` falls below the start.
                    guard id > start else { return false }
                    index += 8
                    position += 8
                    continue
                }
            }
            guard let gap = PostingList.varint(block, &position), gap > 0, gap <= UInt64(Int64.max - id) else { return false }
            id += Int64(gap)
            ids[index] = id
            index += 1
        }
        offset = position
        return true
    }
}
