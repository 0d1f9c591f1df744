import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

/// The word scan of a build with a side writer reads two files and joins their words in FTS5's order, and hands
/// out the words, then each pass of `spelling`, as soon as it has them.
@Suite struct VocabularyScanTests {
    /// An index of a few notes, and its words as ``Vocabulary/words(of:)`` reads them.
    private func wordsIndex() throws -> (path: String, words: [(term: String, stem: String)]) {
        let folder = TestFolder()
        let index = try folder.openIndex()
        defer { index.close() }
        try index.save(Note(path: "/n/1.md", title: "Scan", body: "sourdough starter mississippi balloon aaaaaaa ab rye"))
        try index.save(Note(path: "/n/2.md", title: "Again", body: "balloons starters quuxfrobnicate 메모 café"))
        return (folder.database, try index.read { try Vocabulary.words(of: $0) })
    }

    /// The words, then every pass in order, each equal to the one a fill computes; a pass is handed over once.
    @Test(arguments: [3, 40, 1 << 30])
    func handsOutTheWordsAndEveryPass(pairsPerPass: Int) throws {
        let (path, words) = try wordsIndex()
        let scan = VocabularyScan(paths: [path], configuration: NoteIndex.fillScanConfiguration, spellingPairsPerPass: pairsPerPass)
        defer { scan.wait() }
        let scanned = try scan.words()
        #expect(scanned.map { "\($0.term) \($0.stem)" } == words.map { "\($0.term) \($0.stem)" })
        let expected = Vocabulary.spellingPasses(terms: words.map(\.term), pairsPerPass: pairsPerPass)
        #expect(scan.spellingPassCount(words: scanned.count) == UInt64(expected.count))
        for (number, pass) in expected.enumerated() {
            #expect(try scan.spellingPass(UInt64(number), waiting: true) == pass)
        }
        #expect(throws: SQLiteError.self) { try scan.spellingPass(0, waiting: true) }
        #expect(throws: SQLiteError.self) { try scan.spellingPass(UInt64(expected.count), waiting: true) }
        #expect(try scan.wordsIfReady()?.count == words.count)
    }

    /// A file that does not open: every question to the scan rethrows its error, waiting or not.
    @Test func aFailedScanRethrows() throws {
        let scan = VocabularyScan(paths: ["/nonexistent-folder/none.sqlite"], configuration: NoteIndex.fillScanConfiguration,
                                  spellingPairsPerPass: 10)
        #expect(throws: NotesFTSError.self) { try scan.words() }
        #expect(throws: NotesFTSError.self) { try scan.wordsIfReady() }
        #expect(throws: NotesFTSError.self) { try scan.spellingPass(0, waiting: false) }
        scan.waitForAllFiles()
        scan.wait()
    }

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
