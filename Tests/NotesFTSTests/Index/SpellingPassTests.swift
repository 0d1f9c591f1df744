import Foundation
import Testing
@testable import NotesFTS

@Suite struct SpellingPassTests {
    /// A pass of no pairs has no rows.
    @Test func noPairsNoRows() {
        #expect(SpellingPass(pairs: [], lengths: []).count == 0)
        #expect(Vocabulary.spellingPasses(terms: []).allSatisfy { $0.count == 0 })
    }
}
