import Testing
@testable import NotesFTS

/// ``ByteSearch`` answers as Foundation's `contains` does for the needles it is used with.
@Suite struct ByteSearchTests {
    @Test(arguments: [("key:: value", ":: ", true), ("key::value", ":: ", false), ("", ":: ", false), ("abc", "", false),
                      ("회의:: 메모", ":: ", true), ("café:: x", ":: ", true), (":: ", ":: ", true), (": : ", ":: ", false),
                      ("a\u{0}:: b", ":: ", true), (String(repeating: "x", count: 100_000) + ":: ", ":: ", true)])
    func findsTheBytes(text: String, needle: String, found: Bool) {
        #expect(ByteSearch.contains(text, needle) == found)
        #expect(text.contains(needle) == found, "Foundation agrees")
        let offset = ByteSearch.firstOffset(of: needle, in: text[...])
        #expect(offset == (needle.isEmpty ? nil : text.range(of: needle).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }))
    }

    /// One byte, in a string or a slice of it: the same answer as `utf8.contains`.
    @Test(arguments: ["", "#", "no hash here", "tail #", "회의 #태그", "\r\n", String(repeating: "a", count: 70_000) + "#"])
    func findsAByteAsUTF8ContainsDoes(text: String) {
        for byte in [UInt8(ascii: "#"), UInt8(ascii: "\r"), UInt8(ascii: "a"), 0xED] {
            #expect(ByteSearch.contains(text, byte: byte) == text.utf8.contains(byte), "\(byte)")
            let slice = text.dropFirst(min(1, text.count)).dropLast(min(1, max(0, text.count - 1)))
            #expect(ByteSearch.contains(slice, byte: byte) == slice.utf8.contains(byte), "\(byte) in a slice")
        }
    }
}
