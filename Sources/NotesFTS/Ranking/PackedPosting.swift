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
    @inline(__always)
    static func read(_ block: UnsafeBufferPointer<UInt8>, at offset: Int) -> PackedPosting? {
        guard offset + 4 <= block.count, let base = block.baseAddress else { return nil }
        // Little-endian: the gap is the low byte. A byte's high bit set means its varint goes on.
        let word = UInt32(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self))
        let high = word & 0x8080_8080
        if high & 0x0080_8080 == 0 {
            // Three one-byte varints; the fourth byte is the next posting's.
            return PackedPosting(gap: UInt64(word & 0x7F), frequency: UInt64((word >> 8) & 0x7F),
                                 size: UInt64((word >> 16) & 0x7F), length: 3)
        }
        guard high == 0x0080_0000 else { return nil }
        return PackedPosting(gap: UInt64(word & 0x7F), frequency: UInt64((word >> 8) & 0x7F),
                             size: UInt64((word >> 16) & 0x7F) | UInt64(word >> 24) << 7, length: 4)
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
