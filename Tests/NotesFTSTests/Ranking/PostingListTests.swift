import Testing
@testable import NotesFTS

/// ``PostingList``'s block decoding into room a caller made (``PostingList/decode(_:first:at:)``): whatever the
/// room (exact, too small, too large) and whatever postings the list already holds, the result is the list the
/// plain appending decode gives, including where the room left is less than the block's worst case and the
/// block is decoded on its own and copied in.
struct PostingListTests {
    @Test func decodingIntoRoomEqualsAppending() {
        var random = SeededGenerator(state: 20_261_202)
        for round in 0..<200 {
            let before = randomList(&random, count: Int(random.next() % 40), from: 1)
            let list = randomList(&random, count: Int(random.next() % 1_200), from: 1 + Int64(random.next() % 1_000))
            var expected = before
            expected.append(contentsOf: list)
            // The room the caller made: exact (the `df`), short or long by a few postings.
            let slack = [0, 0, -1, -7, 1, 9][round % 6]
            var target = before
            var filled = target.count
            target.extend(by: max(list.count + slack, 0))
            for range in list.blockRanges {
                let bytes = list.encoded(range)
                let valid = bytes.withUnsafeBytes { target.decode($0, first: list.ids[range.lowerBound], at: &filled) }
                #expect(valid, "round \(round)")
            }
            target.truncate(to: filled)
            #expect(target == expected, "round \(round): \(before.count) before, \(list.count) decoded, slack \(slack)")
        }
    }

    /// Postings of three bytes each (the fewest a posting takes): a room one posting short must take the
    /// copy-in path for the last block, not write past the room.
    @Test func decodingSmallestPostingsIntoRoomOneShort() {
        var list = PostingList()
        for id in 1...300 { list.append(id: Int64(id), frequency: Double(id % 100 + 1), size: id % 120 + 1) }
        for slack in [-1, 0] {
            var target = PostingList()
            var filled = 0
            target.extend(by: list.count + slack)
            for range in list.blockRanges {
                let valid = list.encoded(range).withUnsafeBytes { target.decode($0, first: list.ids[range.lowerBound], at: &filled) }
                #expect(valid)
            }
            target.truncate(to: filled)
            #expect(target == list, "slack \(slack)")
        }
    }

    @Test func placeCopiesIntoTheRoomAndGrowsPastIt() {
        var random = SeededGenerator(state: 7)
        let first = randomList(&random, count: 30, from: 1)
        let second = randomList(&random, count: 50, from: 5_000)
        for room in [0, 30, 80, 200] {
            var list = PostingList()
            list.extend(by: room)
            var filled = 0
            list.place(first, at: &filled)
            list.place(second, at: &filled)
            list.truncate(to: filled)
            var expected = first
            expected.append(contentsOf: second)
            #expect(filled == 80 && list == expected, "room \(room)")
        }
    }

    @Test func aMalformedBlockIsReportedWhateverTheRoom() {
        let truncated: [UInt8] = [3, 0x85] // a gap, then a varint cut short
        for room in [0, 1, 100] {
            var list = PostingList()
            list.extend(by: room)
            var filled = 0
            let valid = truncated.withUnsafeBytes { list.decode($0, first: 10, at: &filled) }
            #expect(!valid, "room \(room)")
        }
    }

    /// `count` postings with ascending ids from `from`, frequencies and sizes of one to four varint bytes.
    private func randomList(_ random: inout SeededGenerator, count: Int, from: Int64) -> PostingList {
        var list = PostingList()
        var id = from
        for _ in 0..<count {
            id += Int64(random.next() % (random.chance(10) ? 50_000 : 40)) + 1
            let frequency = Double(random.next() % (random.chance(20) ? 300_000 : 60) + 1)
            list.append(id: id, frequency: frequency, size: Int(random.next() % (random.chance(30) ? 3_000_000 : 900) + 1))
        }
        return list
    }
}

private extension PostingList {
    /// Appends another list's postings one by one (the reference the room-filling decode is compared with).
    mutating func append(contentsOf other: PostingList) {
        for index in 0..<other.count {
            append(id: other.ids[index], frequency: other.frequencies[index], size: Int(other.sizes[index]))
        }
    }
}
