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

    /// A pair's count equals a count over every pair of positions, for 5,000 seeded pairs of lists (columns 0
    /// to 3, offsets close together so that instances occur, and gaps needing varints of two and more bytes).
    @Test func pairsCountAsEveryPairOfPositionsDoes() {
        var generator = SeededGenerator(state: 20_261_203)
        func varint(_ value: UInt64) -> [UInt8] {
            var value = value, bytes: [UInt8] = []
            repeat {
                bytes.append(UInt8(value & 0x7F))
                value >>= 7
            } while value > 0
            // Most significant group first, a high bit on every byte but the last.
            return bytes.reversed().enumerated().map { $0.offset < bytes.count - 1 ? $0.element | 0x80 : $0.element }
        }
        func list() -> (bytes: [UInt8], positions: [(column: UInt64, offset: UInt64)]) {
            var bytes: [UInt8] = [], positions: [(UInt64, UInt64)] = []
            for column in UInt64(0)..<4 where generator.next() % 3 != 0 {
                if column > 0 { bytes += [1] + varint(column) }
                var offset: UInt64 = 0, first = true
                for _ in 0..<(generator.next() % 6 + 1) {
                    let step = generator.next() % 10 == 0 ? generator.next() % 20_000 : generator.next() % 4
                    let next = first ? step : offset + 1 + step
                    bytes += varint(next - (first ? 0 : offset) + 2)
                    (offset, first) = (next, false)
                    positions.append((column, offset))
                }
            }
            return (bytes, positions)
        }
        let weights = [Schema.rankWeights.title, Schema.rankWeights.body, Schema.rankWeights.tags, Schema.rankWeights.tags]
        var withInstances = 0
        for _ in 0..<5_000 {
            let (first, second) = (list(), list())
            var expected = 0.0
            for anchor in first.positions where second.positions.contains(where: { $0.column == anchor.column && $0.offset == anchor.offset + 1 }) {
                expected += weights[Int(anchor.column)]
            }
            if expected > 0 { withInstances += 1 }
            let bytes = first.bytes + second.bytes
            let counted = bytes.withUnsafeBufferPointer {
                PhraseInstances.weightedPair($0, 0..<first.bytes.count, first.bytes.count..<bytes.count)
            }
            #expect(counted == expected, "\(first.bytes) \(second.bytes)")
        }
        #expect(withInstances >= 500, "only \(withInstances) pairs hold an instance")
    }

    @Test(arguments: [[UInt8]([0]), [1], [1, 0x80], [2, 0x80], [2, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]])
    func refusesPositionListsFTS5DoesNotWrite(bytes: [UInt8]) {
        #expect(PhraseInstances.weighted(bytes, [0..<bytes.count]) == nil)
    }
}
