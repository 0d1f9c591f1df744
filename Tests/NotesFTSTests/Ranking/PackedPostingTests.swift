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

    /// A value whose varint takes 1 to 10 bytes, short ones most often (as in a stored list).
    private static func value(_ random: inout SeededGenerator) -> UInt64 {
        let bits = [7, 7, 7, 7, 7, 7, 14, 14, 21, 28, 35, 56, 64][Int(random.next() % 13)]
        let value = random.next()
        return bits == 64 ? value : value & ((1 << UInt64(bits)) - 1)
    }
}
