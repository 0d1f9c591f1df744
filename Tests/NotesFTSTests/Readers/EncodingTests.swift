import Testing
@testable import NotesFTS

/// A file in another encoding is named by it, so the warning says what to do.
@Suite struct EncodingTests {
    static let bigEndian: [UInt8] = "hello there".utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }

    @Test(arguments: [([0xFF, 0xFE, 0x68, 0x00, 0x69, 0x00], "little-endian"),
                      ([0xFE, 0xFF, 0x00, 0x68, 0x00, 0x69], "big-endian"),
                      (bigEndian, "big-endian")] as [([UInt8], String)])
    func utf16IsNamedAsUTF16(_ bytes: [UInt8], _ order: String) {
        #expect(throws: NoteReadError("UTF-16 text (\(order)); save it as UTF-8")) { try NoteFileReader.decode(bytes) }
    }

    @Test func invalidUTF8IsStillNamedAsSuch() {
        #expect(throws: NoteReadError("invalid UTF-8 at byte 2; save it as UTF-8")) { try NoteFileReader.decode([0x61, 0x62, 0xFF, 0x63]) }
    }
}
