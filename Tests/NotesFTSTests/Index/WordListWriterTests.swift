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

    /// Passes handed over as they are computed (``VocabularyScan``): not waiting, the writer writes the words
    /// and every pass that is ready, then says `false` without being finished; waiting, it takes the rest.
    @Test func passesNotReadyAreWrittenLater() throws {
        let index = try TestFolder().openIndex()
        try index.save(Note(path: "/n/1.md", title: "Later", body: "sourdough starter mississippi balloon rye"))
        let words = try index.read { try Vocabulary.words(of: $0) }
        let passes = Vocabulary.spellingPasses(terms: words.map(\.term), pairsPerPass: 20)
        #expect(passes.count >= 3)
        try SpellingRows.write(passes, into: index)
        let expectedSpelling = try SpellingRows.of(index)
        var ready = 1
        var asked: [String] = []
        var writer = WordListWriter(words: words, wordsPerStep: 1_000, passCount: UInt64(passes.count)) { number, waiting in
            asked.append("\(number) \(waiting)")
            return waiting || Int(number) < ready ? passes[Int(number)] : nil
        }
        try index.transaction {
            try index.connection.execute("DELETE FROM spelling; DELETE FROM vocabulary")
            #expect(try writer.writeNext(index.connection, waiting: false))   // the words
            #expect(try writer.writeNext(index.connection, waiting: false))   // pass 0
            #expect(try !writer.writeNext(index.connection, waiting: false))  // pass 1 is not ready
            #expect(!writer.isFinished)
            ready = 2
            #expect(try writer.writeNext(index.connection, waiting: false))   // pass 1
            while try writer.writeNext(index.connection) {}
        }
        #expect(writer.isFinished)
        #expect(asked.prefix(4) == ["0 false", "1 false", "1 false", "2 true"])
        #expect(try SpellingRows.of(index) == expectedSpelling)
        #expect(try index.read { try $0.scalarInt("SELECT count(*) FROM vocabulary") } == words.count)
    }
}
