import Testing
@testable import NotesFTS

/// ``TierBlock`` (an upper tier's block by column) and ``TierColumns`` (the blocks read without decoding them
/// into a list): every list round-trips, with gaps of one byte in runs of eight and fewer (the one-load path)
/// and longer ones, frequencies and sizes on both sides of their escapes, ids near `Int64.max`; the columns
/// give each posting's id, `f` and `D` and the extremes of the decoded list; malformed bytes are refused.
struct TierBlockTests {
    @Test func everyListRoundTripsThroughBlocksAndColumns() {
        var random = SeededGenerator(state: 20_261_204)
        for round in 0..<300 {
            let list = Self.randomList(&random, count: 1 + Int(random.next() % 1_500), round: round)
            var decoded = PostingList()
            var columns = TierColumns()
            for range in list.blockRanges(of: 1 + Int(random.next() % 600)) {
                let bytes = TierBlock.encode(list, range)
                let first = list.ids[range.lowerBound]
                #expect(bytes.withUnsafeBytes { TierBlock.decode($0, first: first, into: &decoded) }, "round \(round)")
                #expect(bytes.withUnsafeBytes { columns.append($0, first: first) }, "round \(round)")
            }
            #expect(decoded == list, "round \(round)")
            #expect(columns.ids == list.ids, "round \(round)")
            #expect((0..<list.count).allSatisfy { columns.frequency(at: $0) == list.frequencies[$0] }, "round \(round)")
            #expect((0..<list.count).allSatisfy { columns.size(at: $0) == list.sizes[$0] }, "round \(round)")
            #expect(columns.extremes?.frequency == list.frequencies.max(), "round \(round)")
            #expect(columns.extremes?.size == list.sizes.min(), "round \(round)")
        }
    }

    /// Blocks a writer never makes: each must be refused, by the columns and by the decoding into a list.
    @Test(arguments: [
        ("empty", []),
        ("no postings", [0]),
        ("more postings than bytes", [9, 0, 1]),
        ("a count that does not end", [0x80]),
        ("columns cut short", [2, 0, 1, 5, 5, 10, 0]),
        ("a byte left over", [1, 0, 5, 10, 0, 7]),
        ("an id that does not rise", [2, 0, 0, 5, 5, 10, 0, 10, 0]),
        ("an escaped frequency missing", [1, 0, 255, 10, 0]),
        ("an escaped frequency below the escape", [1, 0, 255, 10, 0, 3]),
        ("an escaped size missing", [1, 0, 5, 0xFF, 0xFF]),
        ("an escaped size below the escape", [1, 0, 5, 0xFF, 0xFF, 4]),
        ("a repeated id among one-byte gaps", [9, 0, 1, 1, 1, 0, 1, 1, 1, 1] + [UInt8](repeating: 2, count: 9)
            + [UInt8](repeating: 0, count: 18)),
        ("a gap past Int64.max", [2, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 5, 5, 10, 0, 10, 0]),
    ] as [(String, [UInt8])])
    func malformedBlocksAreRefused(_ label: String, _ bytes: [UInt8]) {
        var columns = TierColumns()
        var list = PostingList()
        #expect(!bytes.withUnsafeBytes { columns.append($0, first: 7) }, "\(label)")
        #expect(!bytes.withUnsafeBytes { TierBlock.decode($0, first: 7, into: &list) }, "\(label)")
    }

    /// A block whose first id is not above the last one read before it is refused, so that the columns stay
    /// in id order.
    @Test func blocksMustFollowEachOther() {
        var list = PostingList()
        for id in [10, 20, 30] as [Int64] { list.append(id: id, frequency: 1, size: 5) }
        var columns = TierColumns()
        let bytes = TierBlock.encode(list, 0..<3)
        #expect(bytes.withUnsafeBytes { columns.append($0, first: 10) })
        #expect(!bytes.withUnsafeBytes { columns.append($0, first: 10) })
    }

    /// Postings of mixed shapes: runs of one-byte gaps long and short, gaps of several bytes, a few ids near
    /// the top of `Int64`, frequencies and sizes around their escapes (255, 65,535) and far past them.
    static func randomList(_ random: inout SeededGenerator, count: Int, round: Int) -> PostingList {
        var list = PostingList()
        var id = round % 7 == 0 ? Int64.max - 40_000_000 : Int64(random.next() % 1_000)
        for _ in 0..<count {
            let gap: Int64 = random.chance(8) ? Int64(128 + random.next() % 100_000) : Int64(1 + random.next() % 127)
            guard id <= Int64.max - gap else { break }
            id += gap
            let frequency = random.chance(5) ? Double(250 + random.next() % 20) : random.chance(2)
                ? Double(random.next() % 3_000_000) : Double(1 + random.next() % 40)
            let size = random.chance(5) ? Int(65_530 + random.next() % 10) : random.chance(2)
                ? Int(random.next() % 50_000_000) : Int(random.next() % 2_000)
            list.append(id: id, frequency: frequency, size: size)
        }
        return list
    }
}
