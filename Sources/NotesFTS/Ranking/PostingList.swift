/// A term's postings in note order: for every note holding the term, its id, the weighted frequency `f` bm25
/// sums for the term (``ColumnCounts/weightedFrequency``) and the note's size `D` in tokens.
///
/// Stored in `topk_postings` as blocks of about ``blockSize`` postings (``RankingTables``), each block three
/// unsigned LEB128 varints a posting: the id's distance from the previous id (the first from the block's
/// key, so 0), `f` (an integer: the column weights are integers) and `D`.
struct PostingList: Equatable, Sendable {
    /// Postings a block holds when written in one go; a block that grows past twice this is split.
    static let blockSize = 128

    private(set) var ids: [Int64] = []
    private(set) var frequencies: [Double] = []
    private(set) var sizes: [Int32] = []

    /// The number of notes holding the term.
    var count: Int { ids.count }

    init() {}

    /// The list of these columns, one posting an index (the same length; ids ascending).
    init(ids: [Int64], frequencies: [Double], sizes: [Int32]) {
        precondition(ids.count == frequencies.count && ids.count == sizes.count)
        (self.ids, self.frequencies, self.sizes) = (ids, frequencies, sizes)
    }

    /// Appends a posting (ids must come in ascending order).
    mutating func append(id: Int64, frequency: Double, size: Int) {
        ids.append(id)
        frequencies.append(frequency)
        sizes.append(Int32(clamping: size))
    }

    mutating func reserve(_ count: Int) {
        ids.reserveCapacity(count)
        frequencies.reserveCapacity(count)
        sizes.reserveCapacity(count)
    }

    /// The postings in `range`, encoded as one block keyed by its first id.
    func encoded(_ range: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count * 5)
        var previous = range.isEmpty ? 0 : ids[range.lowerBound]
        for index in range {
            Self.appendVarint(UInt64(ids[index] - previous), to: &bytes)
            Self.appendVarint(UInt64(frequencies[index].rounded()), to: &bytes)
            Self.appendVarint(UInt64(max(sizes[index], 0)), to: &bytes)
            previous = ids[index]
        }
        return bytes
    }

    /// The ranges the list is written in: one block when it holds at most twice `size` postings, else
    /// blocks of `size` (``blockSize`` in `topk_postings`).
    func blockRanges(of size: Int = blockSize) -> [Range<Int>] {
        if count == 0 { return [] }
        if count <= 2 * size { return [0..<count] }
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }

    /// Appends the postings of one encoded block keyed by `first`; `false` when the bytes are malformed.
    @discardableResult
    mutating func decode(_ bytes: UnsafeRawBufferPointer, first: Int64) -> Bool {
        var filled = count
        // A posting takes at least 3 bytes.
        extend(by: bytes.count / 3)
        let valid = decodeInPlace(bytes, first: first, at: &filled)
        truncate(to: filled)
        return valid
    }

    /// Decodes one block keyed by `first` into the postings from `filled` on (room made by ``extend(by:)``),
    /// advancing `filled`; `false` when malformed. Where the room left could be too small for the block (its
    /// last blocks, when the room is the list's exact length), the block is decoded on its own and copied in,
    /// the list growing only by what the block really holds: growing it by the worst case there would move
    /// the whole list to a larger allocation.
    mutating func decode(_ bytes: UnsafeRawBufferPointer, first: Int64, at filled: inout Int) -> Bool {
        if filled + bytes.count / 3 <= count { return decodeInPlace(bytes, first: first, at: &filled) }
        var block = PostingList()
        guard block.decode(bytes, first: first) else { return false }
        place(block, at: &filled)
        return true
    }

    /// Decodes one block into room the caller made (at least a posting per 3 bytes from `filled` on).
    private mutating func decodeInPlace(_ bytes: UnsafeRawBufferPointer, first: Int64, at filled: inout Int) -> Bool {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
        let block = UnsafeBufferPointer(start: base, count: bytes.count)
        let start = filled
        let (end, valid) = ids.withUnsafeMutableBufferPointer { ids in
            frequencies.withUnsafeMutableBufferPointer { frequencies in
                sizes.withUnsafeMutableBufferPointer { sizes in
                    Self.decode(block, first: first, into: (ids, frequencies, sizes), from: start)
                }
            }
        }
        filled = end
        return valid
    }

    /// Decodes `block` (keyed by `first`) into the three columns from `start` on, which have room for it;
    /// returns where its postings end and whether it decoded. Everything the loop changes is a local of this
    /// function: written inside the closures of ``decodeInPlace(_:first:at:)``, the position and the id were
    /// read from and written to memory at every posting when the compiler did not inline them.
    private static func decode(_ block: UnsafeBufferPointer<UInt8>, first: Int64,
                               into columns: (UnsafeMutableBufferPointer<Int64>, UnsafeMutableBufferPointer<Double>,
                                              UnsafeMutableBufferPointer<Int32>),
                               from start: Int) -> (end: Int, valid: Bool) {
        let (ids, frequencies, sizes) = columns
        var position = start
        var offset = 0
        var id = first
        while offset < block.count {
            // Two postings a load where both have a common shape (``PackedPosting/readTwo(_:at:)``); their
            // frequencies are below 128, so a signed conversion gives the same doubles as the unsigned one.
            if let (one, two) = PackedPosting.readTwo(block, at: offset) {
                id &+= Int64(truncatingIfNeeded: one.gap)
                ids[position] = id
                frequencies[position] = Double(Int32(truncatingIfNeeded: one.frequency))
                sizes[position] = Int32(truncatingIfNeeded: one.size)
                id &+= Int64(truncatingIfNeeded: two.gap)
                ids[position &+ 1] = id
                frequencies[position &+ 1] = Double(Int32(truncatingIfNeeded: two.frequency))
                sizes[position &+ 1] = Int32(truncatingIfNeeded: two.size)
                offset &+= one.length &+ two.length
                position &+= 2
                continue
            }
            guard let posting = PackedPosting.next(block, &offset) else { return (position, false) }
            id &+= Int64(truncatingIfNeeded: posting.gap)
            ids[position] = id
            frequencies[position] = Double(posting.frequency)
            sizes[position] = Int32(truncatingIfNeeded: posting.size)
            position += 1
        }
        return (position, true)
    }

    /// The postings the list can hold without allocating.
    var capacity: Int { min(ids.capacity, frequencies.capacity, sizes.capacity) }

    /// Empties the list, keeping its memory (``PostingRoom``).
    mutating func removeAll() {
        ids.removeAll(keepingCapacity: true)
        frequencies.removeAll(keepingCapacity: true)
        sizes.removeAll(keepingCapacity: true)
    }

    /// Adds `more` zero postings at the end (room for ``decode(_:first:at:)``): an empty list without enough
    /// memory gets one fresh allocation; otherwise they are appended, in the memory the list holds when it is
    /// enough (else the arrays grow and move).
    mutating func extend(by more: Int) {
        guard more > 0 else { return }
        if count == 0 && capacity < more {
            ids = Array(repeating: 0, count: more)
            frequencies = Array(repeating: 0, count: more)
            sizes = Array(repeating: 0, count: more)
        } else {
            ids.append(contentsOf: repeatElement(0, count: more))
            frequencies.append(contentsOf: repeatElement(0, count: more))
            sizes.append(contentsOf: repeatElement(0, count: more))
        }
    }

    /// Copies `other`'s postings into the room from `filled` on (growing the list when they do not fit),
    /// advancing `filled`.
    mutating func place(_ other: PostingList, at filled: inout Int) {
        if filled + other.count > count { extend(by: filled + other.count - count) }
        let start = filled
        ids.withUnsafeMutableBufferPointer { ids in
            frequencies.withUnsafeMutableBufferPointer { frequencies in
                sizes.withUnsafeMutableBufferPointer { sizes in
                    for index in 0..<other.count {
                        ids[start + index] = other.ids[index]
                        frequencies[start + index] = other.frequencies[index]
                        sizes[start + index] = other.sizes[index]
                    }
                }
            }
        }
        filled += other.count
    }

    /// Merges `other` (ascending ids) with this list's postings in `source` into the postings from
    /// `source.lowerBound - other.count` on, by note id, summing the frequencies of a note in both (its size is
    /// the same in both); returns where the merged postings end. In place: every posting is written at or before
    /// the place of the next one still to read, so a list decoded just past room for `other` is merged without
    /// a second allocation or copy (a prefix's tracked expansion and its untracked ones, ``PrefixPostings``).
    mutating func merge(_ other: PostingList, inPlaceOf source: Range<Int>) -> Int {
        precondition(source.lowerBound >= other.count && source.upperBound <= count)
        var write = source.lowerBound - other.count
        ids.withUnsafeMutableBufferPointer { ids in
            frequencies.withUnsafeMutableBufferPointer { frequencies in
                sizes.withUnsafeMutableBufferPointer { sizes in
                    var left = source.lowerBound, right = 0
                    while left < source.upperBound || right < other.count {
                        if right == other.count || (left < source.upperBound && ids[left] < other.ids[right]) {
                            (ids[write], frequencies[write], sizes[write]) = (ids[left], frequencies[left], sizes[left])
                            left += 1
                        } else if left == source.upperBound || other.ids[right] < ids[left] {
                            (ids[write], frequencies[write], sizes[write]) = (other.ids[right], other.frequencies[right], other.sizes[right])
                            right += 1
                        } else {
                            (ids[write], frequencies[write], sizes[write]) = (ids[left], frequencies[left] + other.frequencies[right], sizes[left])
                            left += 1
                            right += 1
                        }
                        write += 1
                    }
                }
            }
        }
        return write
    }

    /// Drops the postings from `end` on.
    mutating func truncate(to end: Int) {
        guard end < count else { return }
        ids.removeSubrange(end...)
        frequencies.removeSubrange(end...)
        sizes.removeSubrange(end...)
    }

    /// This list with `changes` applied (sorted by note id; `nil` removes the note's posting, a value puts it).
    func applying(_ changes: ArraySlice<(Int64, PostingChange)>) -> PostingList {
        var merged = PostingList()
        merged.reserve(count + changes.count)
        var index = 0
        for (note, change) in changes {
            while index < count && ids[index] < note {
                merged.append(id: ids[index], frequency: frequencies[index], size: Int(sizes[index]))
                index += 1
            }
            if index < count && ids[index] == note { index += 1 }
            if case .put(let frequency, let size) = change { merged.append(id: note, frequency: frequency, size: size) }
        }
        while index < count {
            merged.append(id: ids[index], frequency: frequencies[index], size: Int(sizes[index]))
            index += 1
        }
        return merged
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    @inline(__always)
    static func varint(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int) -> UInt64? {
        guard offset < bytes.count else { return nil }
        let byte = bytes[offset]
        offset += 1
        if byte < 0x80 { return UInt64(byte) }
        var value = UInt64(byte & 0x7F)
        var shift: UInt64 = 7
        while offset < bytes.count && shift < 64 {
            let next = bytes[offset]
            offset += 1
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}

/// What a log replay does to one note's posting for a term.
enum PostingChange: Equatable {
    /// The note no longer holds the term.
    case remove
    /// The note holds the term with this weighted frequency, and has this size.
    case put(frequency: Double, size: Int)
}
