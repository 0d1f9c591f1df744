import Testing
@testable import NotesFTS

/// The word scan of a build with a side writer reads two files and joins their words in FTS5's order.
@Suite struct VocabularyScanTests {
    @Test(arguments: [
        ([], [], []),
        (["a", "c"], [], ["a", "c"]),
        ([], ["b"], ["b"]),
        (["a", "c", "e"], ["b", "c", "d", "f"], ["a", "b", "c", "d", "e", "f"]),
        // UTF-8 byte order, as FTS5 sorts terms: "z" (0x7A) before "é" (0xC3 0xA9) before "가" (0xEA …).
        (["z", "가"], ["é", "가"], ["z", "é", "가"]),
    ] as [([String], [String], [String])])
    func theUnionIsInByteOrderWithoutRepeats(left: [String], right: [String], expected: [String]) {
        #expect(VocabularyScan.union(left, right) == expected)
    }
}
