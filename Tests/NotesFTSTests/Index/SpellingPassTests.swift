import Foundation
import Testing
@testable import NotesFTS

@Suite struct SpellingPassTests {
    /// Passes computed without a database (as the word scan of a first build does off the writer) and written
    /// afterwards leave the same `spelling` rows as the fill that computes each pass as it writes, for one
    /// pass and for many; each pass ends with a `step`.
    @Test func passesComputedAheadWriteTheSameRows() throws {
        let index = try TestFolder().openIndex()
        try index.save(Note(path: "/n/1.md", title: "Passes", body: "sourdough starter mississippi balloon aaaaaaa ab quuxfrobnicate"))
        let terms = try index.read { try $0.query("SELECT term FROM vocabulary ORDER BY id") { $0.text(0) ?? "" } }
        for pairsPerPass in [1_000_000, 50, 7] {
            var computedSteps = 0
            try index.transaction {
                try index.connection.execute("DELETE FROM spelling")
                try Vocabulary.fillSpelling(index.connection, terms: terms, pairsPerPass: pairsPerPass) { computedSteps += 1 }
            }
            let computed = try rows(of: index)
            let passes = Vocabulary.spellingPasses(terms: terms, pairsPerPass: pairsPerPass)
            var writtenSteps = 0
            try index.transaction {
                try index.connection.execute("DELETE FROM spelling")
                try Vocabulary.writeSpelling(index.connection, passes: passes) { writtenSteps += 1 }
            }
            #expect(computed.count > 100)
            #expect(try rows(of: index) == computed)
            #expect(passes.count == computedSteps)
            #expect(writtenSteps == computedSteps)
            #expect(passes.reduce(0) { $0 + $1.count } == computed.count)
        }
    }

    /// A pass of no pairs has no rows.
    @Test func noPairsNoRows() {
        #expect(SpellingPass(pairs: [], lengths: []).count == 0)
        #expect(Vocabulary.spellingPasses(terms: []).allSatisfy { $0.count == 0 })
    }

    private func rows(of index: NoteIndex) throws -> [String] {
        try index.read { try $0.query("SELECT bucket || ':' || hex(entries) FROM spelling ORDER BY bucket") { $0.text(0) ?? "" } }
    }
}
