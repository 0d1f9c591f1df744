/// Reading an encoded block for less than its postings: its ids alone, or the frequencies of a few notes.
extension PostingList {
    /// Appends the ids of one encoded block keyed by `first` to `ids`, skipping its frequencies and sizes;
    /// `false` when the bytes are malformed.
    static func decodeIDs(_ bytes: UnsafeRawBufferPointer, first: Int64, into ids: inout [Int64]) -> Bool {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
        let block = UnsafeBufferPointer(start: base, count: bytes.count)
        var offset = 0
        var id = first
        while offset < block.count {
            if let posting = PackedPosting.read(block, at: offset) {
                offset += posting.length
                id &+= Int64(truncatingIfNeeded: posting.gap)
                ids.append(id)
                continue
            }
            guard let gap = varint(block, &offset), varint(block, &offset) != nil, varint(block, &offset) != nil else {
                return false
            }
            id &+= Int64(truncatingIfNeeded: gap)
            ids.append(id)
        }
        return true
    }

    /// Finds which of `wanted`'s ids (ascending) one encoded block keyed by `first` holds, without decoding it
    /// into a list: for each, its frequency goes into `found` at the id's index. `cursor` is the first wanted id
    /// not yet passed and moves past the block's ids; returns how many it found, or `nil` for malformed bytes.
    /// A prefix's rare expansions looked up in its tracked expansion's list (``PrefixHeadSearch``).
    static func frequencies(_ bytes: UnsafeRawBufferPointer, first: Int64, of wanted: UnsafeBufferPointer<Int64>,
                            cursor: inout Int, into found: UnsafeMutableBufferPointer<Double>) -> Int? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        let block = UnsafeBufferPointer(start: base, count: bytes.count)
        var offset = 0
        var id = first
        var hits = 0
        while offset < block.count {
            // Most postings read from one 4-byte load; the others byte by byte.
            if let posting = PackedPosting.read(block, at: offset) {
                id &+= Int64(truncatingIfNeeded: posting.gap)
                while cursor < wanted.count && wanted[cursor] < id { cursor += 1 }
                if cursor == wanted.count { return hits }
                if wanted[cursor] == id {
                    found[cursor] = Double(posting.frequency)
                    hits += 1
                    cursor += 1
                }
                offset += posting.length
                continue
            }
            // The gap, with a one-byte fast path (most gaps of a long list are below 128).
            let byte = block[offset]
            if byte < 0x80 {
                offset += 1
                id &+= Int64(byte)
            } else {
                guard let gap = varint(block, &offset) else { return nil }
                id &+= Int64(truncatingIfNeeded: gap)
            }
            while cursor < wanted.count && wanted[cursor] < id { cursor += 1 }
            if cursor == wanted.count { return hits }
            if wanted[cursor] == id {
                guard let frequency = varint(block, &offset) else { return nil }
                found[cursor] = Double(frequency)
                hits += 1
                cursor += 1
            } else {
                // `f` not wanted: stepped over.
                while offset < block.count && block[offset] >= 0x80 { offset += 1 }
                offset += 1
            }
            // `D`: stepped over; past the end, the block is malformed.
            while offset < block.count && block[offset] >= 0x80 { offset += 1 }
            offset += 1
            if offset > block.count { return nil }
        }
        return hits
    }
}
