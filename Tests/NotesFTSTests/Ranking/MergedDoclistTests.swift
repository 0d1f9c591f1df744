import Testing
@testable import NotesFTS

@Suite struct MergedDoclistTests {
    /// Segments of one term, newest first: each a sorted set of notes, each note with a position list of one
    /// byte (its segment's number, so that which segment an entry came from shows) or none (a delete).
    private struct Segments {
        var bytes: [UInt8] = []
        var cursors: [DoclistCursor] = []
        /// What FTS5 reads: each note's entry from the newest segment holding it.
        var expected: [(id: Int64, segment: Int?)] = []

        init(_ random: inout SeededGenerator, count: Int, overlapping: Bool) {
            var newest: [Int64: Int?] = [:]
            for segment in 0..<count {
                // Disjoint ranges, as a fresh index has them, or ranges that overlap, as after updates.
                let low = overlapping ? Int64(random.next() % 50) : Int64(segment * 100)
                let ids = (low..<(low + 60)).filter { _ in random.next() % 3 == 0 }
                let start = bytes.count
                var previous: Int64 = 0
                for (index, id) in ids.enumerated() {
                    let deleted = random.next() % 5 == 0
                    Varint.append(Int(index == 0 ? id : id - previous), to: &bytes)
                    Varint.append(deleted ? 1 : 2, to: &bytes)
                    if !deleted { bytes.append(UInt8(segment + 2)) }
                    previous = id
                    if newest[id] == nil { newest[id] = .some(deleted ? nil : segment) }
                }
                if bytes.count > start { cursors.append(DoclistCursor(start..<bytes.count, whole: [start])) }
            }
            expected = newest.keys.sorted().map { ($0, newest[$0] ?? nil) }
        }
    }

    @Test(arguments: [false, true])
    func readsEachNotesNewestEntryInNoteOrder(overlapping: Bool) {
        var random = SeededGenerator(state: overlapping ? 7 : 8)
        for round in 0..<200 {
            var segments = Segments(&random, count: 1 + Int(random.next() % 6), overlapping: overlapping)
            var merged = MergedDoclist(0..<segments.cursors.count)
            var read: [(id: Int64, segment: Int?)] = []
            let decoded = segments.bytes.withUnsafeBufferPointer { bytes in
                segments.cursors.withUnsafeMutableBufferPointer { cursors -> Bool in
                    guard merged.start(cursors, bytes) else { return false }
                    while !merged.isDone {
                        read.append((merged.id, merged.positions(cursors).isEmpty ? nil : Int(bytes[merged.positions(cursors).lowerBound]) - 2))
                        guard merged.advance(cursors, bytes) else { return false }
                    }
                    return true
                }
            }
            #expect(decoded)
            #expect(read.map(\.id) == segments.expected.map(\.id), "round \(round)")
            #expect(read.map(\.segment) == segments.expected.map(\.segment), "round \(round)")
        }
    }

    @Test(arguments: [false, true])
    func seeksToTheFirstNoteAtOrAbove(overlapping: Bool) {
        var random = SeededGenerator(state: overlapping ? 9 : 10)
        for round in 0..<200 {
            var segments = Segments(&random, count: 1 + Int(random.next() % 6), overlapping: overlapping)
            var merged = MergedDoclist(0..<segments.cursors.count)
            var target: Int64 = 0
            segments.bytes.withUnsafeBufferPointer { bytes in
                segments.cursors.withUnsafeMutableBufferPointer { cursors in
                    let started = merged.start(cursors, bytes)
                    #expect(started)
                    while target < 700 {
                        target += Int64(random.next() % 40)
                        let sought = merged.seek(target, cursors, bytes)
                        #expect(sought)
                        let expected = segments.expected.first { $0.id >= target }
                        #expect(merged.isDone == (expected == nil), "round \(round) to \(target)")
                        if let expected, !merged.isDone {
                            let segment = merged.positions(cursors).isEmpty ? nil : Int(bytes[merged.positions(cursors).lowerBound]) - 2
                            #expect(merged.id == expected.id && segment == expected.segment, "round \(round) to \(target)")
                        }
                    }
                }
            }
        }
    }
}
