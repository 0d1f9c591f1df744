import Testing
@testable import NotesFTS

/// ``PostingSearch/seek(_:from:to:end:)`` finds what a plain scan finds: the first position from `start` whose id is
/// at least the one sought, or `end`, on seeded ascending lists, for ids before, inside, between and past them and
/// for starts near and far from the answer (a gallop of one step, of several, past the end).
struct PostingSearchTests {
    @Test func seekFindsWhatAScanFinds() {
        var random = SeededGenerator(state: 20_261_203)
        for _ in 0..<2_000 {
            var ids: [Int64] = []
            var id = Int64(random.next() % 5)
            for _ in 0..<Int(random.next() % 40) {
                id += 1 + Int64(random.next() % (random.chance(4) ? 1_000 : 3))
                ids.append(id)
            }
            let end = ids.isEmpty ? 0 : Int(random.next() % UInt64(ids.count + 1))
            let start = end == 0 ? 0 : Int(random.next() % UInt64(end + 1))
            let sought = Int64(random.next() % UInt64(max(id, 1) + 10))
            let expected = (start..<end).first { ids[$0] >= sought } ?? end
            let found = ids.withUnsafeBufferPointer { PostingSearch.seek($0, from: start, to: sought, end: end) }
            #expect(found == expected, "ids \(ids) from \(start) to \(end), seeking \(sought)")
        }
    }
}
