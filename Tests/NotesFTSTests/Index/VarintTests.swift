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
}
