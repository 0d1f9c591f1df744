import Foundation
import Testing
@testable import NotesFTS

@Suite struct WordListWriterTests {
    /// Written a part at a time, with the passes computed ahead or as they are written, the word list holds
    /// the rows of a fill in one go (words with ids in order, the `spelling` rows of ``SpellingPassTests``),
    /// and the writer makes one part per `wordsPerStep` words and one per pass, then says it is done.
    @Test(arguments: [(1_000, 1_000_000), (3, 50), (7, 7)])
    func writesTheWholeListInParts(wordsPerStep: Int, pairsPerPass: Int) throws {
        let index = try TestFolder().openIndex()
        try index.save(Note(path: "/n/1.md", title: "Parts", body: "sourdough starter mississippi balloon aaaaaaa ab quuxfrobnicate rye"))
        let words = try index.read { try Vocabulary.words(of: $0) }
        #expect(words.count >= 8)
        let expectedWords = words.enumerated().map { "\($0.offset + 1) \($0.element.term) \($0.element.stem)" }
        let expectedSpelling: [String] = try {
            try index.transaction {
                try index.connection.execute("DELETE FROM spelling")
                try Vocabulary.fillSpelling(index.connection, terms: words.map(\.term), pairsPerPass: pairsPerPass)
            }
            return try spelling(of: index)
        }()
        let passes = Vocabulary.spellingPasses(terms: words.map(\.term), pairsPerPass: pairsPerPass)
        for computedAhead in [true, false] {
            var writer = WordListWriter(words: words, wordsPerStep: wordsPerStep,
                                        spelling: computedAhead ? passes : nil, spellingPairsPerPass: pairsPerPass)
            var parts = 0
            try index.transaction {
                try index.connection.execute("DELETE FROM spelling; DELETE FROM vocabulary")
                while try writer.writeNext(index.connection) { parts += 1 }
            }
            #expect(writer.isFinished)
            #expect(try writer.writeNext(index.connection) == false)
            #expect(parts == (words.count + wordsPerStep - 1) / wordsPerStep + passes.count)
            let written = try index.read { try $0.query("SELECT id, term, stem FROM vocabulary ORDER BY id") {
                "\($0.int64(0)) \($0.text(1) ?? "") \($0.text(2) ?? "")"
            } }
            #expect(written == expectedWords, "computed ahead: \(computedAhead)")
            #expect(try spelling(of: index) == expectedSpelling, "computed ahead: \(computedAhead)")
        }
    }

    private func spelling(of index: NoteIndex) throws -> [String] {
        try index.read { try $0.query("SELECT bucket || ':' || hex(entries) FROM spelling ORDER BY bucket") { $0.text(0) ?? "" } }
    }
}
