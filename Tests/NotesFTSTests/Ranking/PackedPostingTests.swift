import Testing
@testable import NotesFTS

/// ``PackedPosting`` reads what three ``PostingList/varint(_:_:)`` calls read, wherever a posting of any
/// length (each varint 1 to 10 bytes) lies in its block, and reads every posting of the two shapes it is for
/// (one-byte gap and `f`, a `D` of one or two bytes) that has 4 bytes of block from its start.
struct PackedPostingTests {
    @Test func readsWhatTheVarintsRead() {
        var random = SeededGenerator(state: 20_261_202_17)
        var packed = 0
        for round in 0..<2_000 {
            var block: [UInt8] = []
            var starts: [Int] = []
            for _ in 0..<Int(random.next() % 12) + 1 {
                starts.append(block.count)
                for _ in 0..<3 { PostingList.appendVarint(Self.value(&random), to: &block) }
            }
            // Up to 7 bytes of a truncated posting after the last, as in no stored block, to vary what lies
            // past each posting's end.
            block += (0..<Int(random.next() % 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) | 0x80 }
            block.withUnsafeBufferPointer { bytes in
                for start in starts {
                    var offset = start
                    let gap = PostingList.varint(bytes, &offset)
                    let gapEnd = offset
                    let frequency = PostingList.varint(bytes, &offset)
                    let frequencyEnd = offset
                    let size = PostingList.varint(bytes, &offset)
                    let length = offset - start
                    let read = PackedPosting.read(bytes, at: start)
                    let shaped = gapEnd == start + 1 && frequencyEnd == gapEnd + 1 && (length == 3 || length == 4)
                    let fits = shaped && start + 4 <= bytes.count
                    #expect((read != nil) == fits, "round \(round) at \(start)")
                    if let read {
                        packed += 1
                        #expect(read.gap == gap && read.frequency == frequency && read.size == size && read.length == length,
                                "round \(round) at \(start)")
                    }
                }
            }
        }
        // The fast path ran often enough for the comparison to say something.
        #expect(packed > 1_000)
    }

    /// ``PackedPosting/readTwo(_:at:)`` reads two postings exactly when ``PackedPosting/read(_:at:)`` reads the
    /// first, the second where it ends, and 8 bytes are left; and it reads what those two calls read.
    @Test func readTwoReadsWhatTwoReadsRead() {
        var random = SeededGenerator(state: 20_261_203_18)
        var paired = 0
        for round in 0..<2_000 {
            var block: [UInt8] = []
            var starts: [Int] = []
            for _ in 0..<Int(random.next() % 12) + 1 {
                starts.append(block.count)
                // Mostly the two common shapes (one-byte gap and `f`, a `D` of one or two bytes), so that pairs
                // of them are frequent, with longer varints among them.
                let common = !random.chance(25)
                for field in 0..<3 {
                    let value = common ? random.next() & (field == 2 ? 0x3FFF : 0x7F) : Self.value(&random)
                    PostingList.appendVarint(value, to: &block)
                }
            }
            block += (0..<Int(random.next() % 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            block.withUnsafeBufferPointer { bytes in
                for start in starts {
                    let one = PackedPosting.read(bytes, at: start)
                    let two = one.flatMap { PackedPosting.read(bytes, at: start + $0.length) }
                    let expected = start + 8 <= bytes.count ? one.flatMap { one in two.map { (one, $0) } } : nil
                    let read = PackedPosting.readTwo(bytes, at: start)
                    #expect((read != nil) == (expected != nil), "round \(round) at \(start)")
                    if let read, let expected {
                        paired += 1
                        #expect(Self.same(read.0, expected.0) && Self.same(read.1, expected.1), "round \(round) at \(start)")
                    }
                }
            }
        }
        #expect(paired > 1_000)
    }

    private static func same(_ one: PackedPosting, _ other: PackedPosting) -> Bool {
        one.gap == other.gap && one.frequency == other.frequency && one.size == other.size && one.length == other.length
    }

    /// A value whose varint takes 1 to 10 bytes, short ones most often (as in a stored list).
    private static func value(_ random: inout SeededGenerator) -> UInt64 {
        let bits = [7, 7, 7, 7, 7, 7, 14, 14, 21, 28, 35, 56, 64][Int(random.next() % 13)]
        let value = random.next()
        return bits == 64 ? value : value & ((1 << UInt64(bits)) - 1)
    }
}
