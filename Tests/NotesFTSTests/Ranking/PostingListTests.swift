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
            for range in list.blockRanges() {
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
            for range in list.blockRanges() {
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
    /// Looking wanted ids up block by block, one cursor carried from block to block, finds exactly the wanted
    /// ids the list holds with their frequencies (a dictionary of the list says), whatever the gaps; a truncated
    /// block is malformed.
    @Test func frequenciesOfWantedIDsAreTheListsOwn() {
        var random = SeededGenerator(state: 20_261_215)
        for round in 0..<200 {
            let list = randomList(&random, count: Int(random.next() % 1_500), from: 1 + Int64(random.next() % 100))
            let byID = Dictionary(uniqueKeysWithValues: zip(list.ids, list.frequencies))
            // Wanted: some of the list's ids, ids between them, before the first and past the last.
            var wanted = Set(list.ids.filter { _ in random.chance(5) })
            for _ in 0..<Int(random.next() % 60) { wanted.insert(Int64(random.next() % UInt64(max(list.ids.last ?? 1, 1) + 100))) }
            let sorted = wanted.sorted()
            var found = [Double](repeating: 0, count: sorted.count)
            var cursor = 0, hits = 0
            sorted.withUnsafeBufferPointer { wanted in
                found.withUnsafeMutableBufferPointer { found in
                    for range in list.blockRanges() {
                        let bytes = list.encoded(range)
                        let counted = bytes.withUnsafeBytes {
                            PostingList.frequencies($0, first: list.ids[range.lowerBound], of: wanted, cursor: &cursor, into: found)
                        }
                        #expect(counted != nil, "round \(round)")
                        hits += counted ?? 0
                    }
                }
            }
            #expect(found == sorted.map { byID[$0] ?? 0 }, "round \(round)")
            #expect(hits == sorted.filter { byID[$0] != nil }.count, "round \(round)")
        }
        var list = PostingList()
        for id in 1...10 { list.append(id: Int64(id) * 3, frequency: 2, size: 300) }
        let truncated = Array(list.encoded(0..<10).dropLast())
        var cursor = 0
        var found = [0.0]
        let counted = truncated.withUnsafeBytes { bytes in
            [Int64(1_000)].withUnsafeBufferPointer { wanted in
                found.withUnsafeMutableBufferPointer { PostingList.frequencies(bytes, first: 3, of: wanted, cursor: &cursor, into: $0) }
            }
        }
        #expect(counted == nil)
    }

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
