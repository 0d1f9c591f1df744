import Testing
@testable import NotesFTS

/// ``ByteSearch`` answers as Foundation's `contains` does for the needles it is used with.
@Suite struct ByteSearchTests {
    @Test(arguments: [("key:: value", ":: ", true), ("key::value", ":: ", false), ("", ":: ", false), ("abc", "", true),
                      ("회의:: 메모", ":: ", true), ("café:: x", ":: ", true), (":: ", ":: ", true), (": : ", ":: ", false),
                      ("a\u{0}:: b", ":: ", true), (String(repeating: "x", count: 100_000) + ":: ", ":: ", true)])
    func findsTheBytes(text: String, needle: String, found: Bool) {
        #expect(ByteSearch.contains(text, needle) == found)
        #expect(ByteSearch.contains(Substring(text).description, needle) == found)
    }

    /// A bridged string (from `NSString`), whose UTF-8 view may not be contiguous, is searched too.
    @Test func aStringWithoutContiguousUTF8IsSearched() {
        let bridged = String(describing: "prefix 회의:: end" as Substring)
        #expect(ByteSearch.contains(bridged, ":: "))
        #expect(!ByteSearch.contains(bridged, "::: "))
    }
}
