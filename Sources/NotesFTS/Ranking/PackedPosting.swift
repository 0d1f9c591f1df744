/// One posting of an encoded ``PostingList`` block (three LEB128 varints: the id's gap, `f`, `D`) read from a
/// single 4-byte load and one comparison of its high bits instead of three varint calls (a byte below 0x80
/// ends a varint).
///
/// A long list's postings nearly all take 3 or 4 bytes (a gap below 128, `f` below 128, `D` of one or two
/// bytes): `read` at 100,000 notes decodes its 30,268 postings this way. Any other posting, and one closer
/// than 4 bytes to the block's end, is read by ``PostingList/varint(_:_:)`` instead; both read the same
/// values (``PackedPostingTests``).
struct PackedPosting {
    /// The id's distance from the posting before.
    var gap: UInt64
    /// The weighted frequency.
    var frequency: UInt64
    /// The note's size.
    var size: UInt64
    /// The posting's bytes.
    var length: Int

    /// The posting at `offset` of `block` when it has one of the two shapes nearly every posting of a long list
    /// has: a one-byte gap and `f`, and a `D` of one or two bytes (below 16,384 tokens); `nil` otherwise (or
    /// fewer than 4 bytes left), and the caller reads it byte by byte.
    ///
    /// The two shapes are told apart without a branch (the 4th byte's part of `D` and the length are selected
    /// by a mask): sizes lie on both sides of 128 at random (57% of `read`'s upper tier at 100,000 notes are
    /// two bytes), so a branch between the shapes was mispredicted about every other posting.
    @inline(__always)
    static func read(_ block: UnsafeBufferPointer<UInt8>, at offset: Int) -> PackedPosting? {
        guard offset + 4 <= block.count, let base = block.baseAddress else { return nil }
        // Little-endian: the gap is the low byte. A byte's high bit set means its varint goes on.
        let word = UInt32(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self))
        let high = word & 0x8080_8080
        // Three one-byte varints (the fourth byte is the next posting's), or a one-byte gap and `f` and a
        // two-byte `D`: the first two bytes end their varints, and the third and fourth do not both go on.
        // One test, so that the compiler does not branch on which shape it is.
        guard (high & 0x8080) | (high & high << 8 & 0x8000_0000) == 0 else { return nil }
        return posting(word)
    }

    /// The two postings at `offset` of `block` when both have one of ``read(_:at:)``'s shapes, from one 8-byte
    /// load (`nil` otherwise, or fewer than 8 bytes left; the caller reads one posting then). The second
    /// starts 3 or 4 bytes in, so the 8 bytes hold it and the byte after a three-byte one.
    ///
    /// Where the next posting starts depends on the last one's length, so reading one posting a load chains
    /// every load to the one before; two a load halve that chain: a block decodes in about two thirds of the
    /// time (measured on `read`'s and `book`'s upper tiers at 100,000 notes).
    @inline(__always)
    static func readTwo(_ block: UnsafeBufferPointer<UInt8>, at offset: Int) -> (PackedPosting, PackedPosting)? {
        guard offset + 8 <= block.count, let base = block.baseAddress else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        let firstLength = 3 &+ (word >> 23 & 1)
        let next = word >> (firstLength &* 8)
        // Both shapes' test of ``read(_:at:)``, on the first posting's bytes and the second's at once.
        let high = (word | next) & 0x8080, long = (word & word << 8 | next & next << 8) & 0x8000_0000
        guard high | long == 0 else { return nil }
        return (posting(UInt32(truncatingIfNeeded: word)), posting(UInt32(truncatingIfNeeded: next)))
    }

    /// The posting of one of the two shapes whose bytes begin `word` (little-endian): the third byte's high
    /// bit says whether `D` takes the fourth.
    @inline(__always)
    private static func posting(_ word: UInt32) -> PackedPosting {
        // All ones for the four-byte shape, else zero.
        let four = 0 &- (word >> 23 & 1)
        return PackedPosting(gap: UInt64(word & 0x7F), frequency: UInt64((word >> 8) & 0x7F),
                             size: UInt64((word >> 16) & 0x7F | (word >> 24) << 7 & four),
                             length: 3 + Int(four & 1))
    }

    /// The posting at `offset` of `block`, read from one load when it has a common shape and by
    /// ``PostingList/varint(_:_:)`` otherwise, with `offset` moved past it; `nil` when it does not decode.
    @inline(__always)
    static func next(_ block: UnsafeBufferPointer<UInt8>, _ offset: inout Int) -> PackedPosting? {
        if let posting = read(block, at: offset) {
            offset += posting.length
            return posting
        }
        let start = offset
        guard let gap = PostingList.varint(block, &offset), let frequency = PostingList.varint(block, &offset),
              let size = PostingList.varint(block, &offset) else { return nil }
        return PackedPosting(gap: gap, frequency: frequency, size: size, length: offset - start)
    }
}
