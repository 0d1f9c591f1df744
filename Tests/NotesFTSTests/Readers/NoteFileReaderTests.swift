import Testing
@testable import NotesFTS

@Suite struct NoteFileReaderTests {
    @Test func decodesUTF8AndDropsTheByteOrderMark() throws {
        #expect(try NoteFileReader.decode([0xEF, 0xBB, 0xBF] + Array("héllo".utf8)) == "héllo")
    }

    @Test(arguments: [([0x61, 0xFF], 1), ([0x61, 0x62, 0xC3], 2), ([0xE2, 0x28, 0xA1], 0)])
    func reportsTheFirstInvalidByte(bytes: [UInt8], offset: Int) {
        #expect(throws: NoteReadError("invalid UTF-8 at byte \(offset); save it as UTF-8")) {
            try NoteFileReader.decode(bytes)
        }
    }

    @Test func choosesTheReaderByExtension() throws {
        let json = try NoteFileReader.notes(bytes: Array(#"{"title": "J", "body": "x"}"#.utf8), path: "/a/B.JSON", modified: nil)
        #expect(json.map(\.title) == ["J"])
        let markdown = try NoteFileReader.notes(bytes: Array("intro\n# Head".utf8), path: "/a/n.markdown", modified: nil)
        #expect(markdown.map(\.title) == ["Head"])
        let text = try NoteFileReader.notes(bytes: Array("intro\n# Head".utf8), path: "/a/n.txt", modified: nil)
        #expect(text.map(\.title) == ["intro"])
    }

    @Test func missingFileNamesTheReason() {
        #expect(throws: NoteReadError("no such file or directory")) { try NoteFileReader.bytes(at: "/nonexistent/x.md") }
    }
}
