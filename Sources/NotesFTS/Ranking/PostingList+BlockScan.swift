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
            guard let posting = PackedPosting.next(block, &offset) else { return false }
            id &+= Int64(truncatingIfNeeded: posting.gap)
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
        // The wanted id the block's ids are compared with, in a local: most postings are below it. Past the
        // last wanted id it is `.min`, so that the next posting returns, as it would in a loop that compared
        // each posting with `wanted[cursor]`.
        var target = cursor < wanted.count ? wanted[cursor] : .min
        while offset < block.count {
            // Most postings read from one 4-byte load (``PackedPosting``), the others byte by byte.
            guard let posting = PackedPosting.next(block, &offset) else { return nil }
            id &+= Int64(truncatingIfNeeded: posting.gap)
            if id < target { continue }
            while target < id {
                if cursor + 1 >= wanted.count {
                    cursor = wanted.count
                    return hits
                }
                cursor += 1
                target = wanted[cursor]
            }
            if target == id {
                found[cursor] = Double(posting.frequency)
                hits += 1
                cursor += 1
                target = cursor < wanted.count ? wanted[cursor] : .min
            }
        }
        return hits
    }
}
