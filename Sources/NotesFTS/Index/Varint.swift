/// SQLite's variable-length integers, as FTS5 writes them in its records: big-endian groups of 7 bits, the
/// high bit set on every byte but the last, and a 9th byte, when there is one, holding 8 bits.
enum Varint {
    /// Appends `value` (not negative) to `bytes`.
    static func append(_ value: Int, to bytes: inout [UInt8]) {
        var v = UInt64(value)
        if v >> 56 != 0 {
            var groups: [UInt8] = [UInt8(v & 0xFF)]
            v >>= 8
            for _ in 0..<8 {
                groups.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            bytes.append(contentsOf: groups.reversed())
            return
        }
        var groups: [UInt8] = [UInt8(v & 0x7F)]
        v >>= 7
        while v != 0 {
            groups.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(contentsOf: groups.reversed())
    }
}

extension Varint {
    /// The varint at `offset` of `bytes` (advanced past it), read no further than `end` (default: the end of
    /// `bytes`); `nil` when it runs past that. The one decoder the readers of FTS5's records share.
    @inline(__always)
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int, end: Int? = nil) -> UInt64? {
        let limit = end ?? bytes.count
        var value: UInt64 = 0
        for index in 0..<9 {
            guard offset < limit else { return nil }
            let byte = bytes[offset]
            offset += 1
            if index == 8 { return value << 8 | UInt64(byte) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte < 0x80 { return value }
        }
        return value
    }
}

/// Reads ``Varint``s one after another from a byte array.
struct VarintReader {
    let bytes: [UInt8]
    private(set) var offset: Int

    /// A reader of `bytes` from `offset`.
    init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset >= bytes.count }

    /// The next value, or `nil` when the bytes end inside it (or it does not fit an `Int`).
    mutating func next() -> Int? {
        guard let value = bytes.withUnsafeBufferPointer({ Varint.read($0, &offset) }) else { return nil }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
