import Testing
@testable import NotesFTS

@Suite struct PhraseInstancesTests {
    /// An instance is a run of the phrase's tokens at consecutive offsets in one column, weighted by the
    /// column; overlapping instances each count.
    @Test func countsInstancesAsFTS5Does() {
        // Position lists: `alpha` at column 0 offsets 0 1 and column 1 offsets 0 1 2; `bravo` at column 1
        // offset 3 and column 2 offset 0.
        let bytes: [UInt8] = [2, 3, 1, 1, 2, 3, 3] + [1, 1, 5, 1, 2, 2]
        let alpha = 0..<7, bravo = 7..<13
        let weights = Schema.rankWeights
        let counted = [[alpha, alpha], [alpha, bravo], [bravo, alpha], [alpha, alpha, bravo], [alpha, alpha, alpha], [bravo], []]
            .map { PhraseInstances.weighted(bytes, $0) }
        #expect(counted == [
            // "alpha alpha": column 0 at 0; column 1 at 0 and 1.
            weights.title + 2 * weights.body,
            // "alpha bravo": column 1 at 2 only (column 2's bravo has no alpha before it); "bravo alpha" nowhere.
            weights.body, 0,
            weights.body, weights.body,
            weights.body + weights.tags, 0,
        ])
    }

    @Test(arguments: [[UInt8]([0]), [1], [1, 0x80], [2, 0x80], [2, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]])
    func refusesPositionListsFTS5DoesNotWrite(bytes: [UInt8]) {
        #expect(PhraseInstances.weighted(bytes, [0..<bytes.count]) == nil)
    }
}
