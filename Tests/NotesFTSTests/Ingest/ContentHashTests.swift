import Testing
@testable import NotesFTS

@Suite struct ContentHashTests {
    @Test func knownFNV1aValues() {
        #expect(ContentHash.hex(of: [UInt8]()) == "cbf29ce484222325")
        #expect(ContentHash.hex(of: Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(ContentHash.hex(of: Array("foobar".utf8)) == "85944171f73967e8")
    }

    @Test func differsWhenOneByteDiffers() {
        #expect(ContentHash.hex(of: Array("note A".utf8)) != ContentHash.hex(of: Array("note B".utf8)))
    }
}
