import Foundation
import Testing
@testable import NotesFTS

@Suite struct WordListWriterTests {
    /// Written a part at a time, with the passes computed ahead or as they are written, the word list holds
    /// the rows of a fill in one go (words with ids in order, `spelling` as one pass makes it), and the writer
    /// makes one part per `wordsPerStep` words and one per pass, then says it is done.
    @Test(arguments: [(1_000, 1_000_000), (3, 50), (7, 7)])
    func writesTheWholeListInParts(wordsPerStep: Int, pairsPerPass: Int) throws {
        let index = try TestFolder().openIndex()
        try index.save(Note(path: "/n/1.md", title: "Parts", body: "sourdough starter mississippi balloon aaaaaaa ab quuxfrobnicate rye"))
        let words = try index.read { try Vocabulary.words(of: $0) }
        #expect(words.count >= 8)
        let expectedWords = words.enumerated().map { "\($0.offset + 1) \($0.element.term) \($0.element.stem)" }
        // The reference: every row in one pass, written in one go.
        try SpellingRows.write(Vocabulary.spellingPasses(terms: words.map(\.term), pairsPerPass: 1 << 40), into: index)
        let expectedSpelling = try SpellingRows.of(index)
        let passes = Vocabulary.spellingPasses(terms: words.map(\.term), pairsPerPass: pairsPerPass)
        #expect(passes.reduce(0) { $0 + $1.count } == expectedSpelling.count)
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
            #expect(try SpellingRows.of(index) == expectedSpelling, "computed ahead: \(computedAhead)")
        }
    }
}
