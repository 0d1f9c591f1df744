import Testing
@testable import NotesFTS

/// SQLite's varints, as FTS5 writes them in its structure and averages records.
@Suite struct VarintTests {
    @Test(arguments: [0, 1, 127, 128, 16_383, 16_384, 2_097_151, 1 << 35, (1 << 56) - 1, 1 << 56, Int.max])
    func aValueReadsBackAsWritten(value: Int) {
        var bytes: [UInt8] = []
        Varint.append(value, to: &bytes)
        var reader = VarintReader(bytes: bytes, offset: 0)
        #expect(reader.next() == value)
        #expect(reader.isAtEnd)
        #expect(bytes.count <= 9)
    }

    /// The encodings SQLite documents for a few values.
    @Test(arguments: [(0, [0x00]), (127, [0x7F]), (128, [0x81, 0x00]), (300, [0x82, 0x2C])] as [(Int, [UInt8])])
    func theBytesAreSQLites(value: Int, expected: [UInt8]) {
        var bytes: [UInt8] = []
        Varint.append(value, to: &bytes)
        #expect(bytes == expected)
    }

    @Test func aTruncatedValueIsNil() {
        var reader = VarintReader(bytes: [0x81], offset: 0)
        #expect(reader.next() == nil)
    }

    /// The doclist readers' inline read (``SegmentPostings/varint(_:_:)``, one and two bytes without the loop)
    /// reads what ``Varint/read(_:_:end:)`` reads, and stops where it stops, at every offset of random bytes
    /// weighted toward values of one and two bytes, truncated ones included.
    @Test func theInlineReadAgreesWithTheLoop() {
        var random = SeededGenerator(state: 20_261_219)
        for round in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 24) {
                let kind = random.next() % 10
                let value: Int = kind < 4 ? Int(random.next() % 128) : kind < 8 ? Int(128 + random.next() % 16_256)
                    : Int(random.next() >> (1 + random.next() % 63))
                Varint.append(value, to: &bytes)
            }
            if !bytes.isEmpty && random.chance(30) { bytes.removeLast() }
            if random.chance(10) { bytes.append(UInt8(0x80 | random.next() % 128)) }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...buffer.count {
                    var inline = start, loop = start
                    let fast = SegmentPostings.varint(buffer, &inline)
                    let slow = start < buffer.count ? Varint.read(buffer, &loop) : nil
                    #expect(fast == slow, "round \(round) at \(start)")
                    if fast != nil { #expect(inline == loop, "round \(round) at \(start)") }
                }
            }
        }
    }
}
