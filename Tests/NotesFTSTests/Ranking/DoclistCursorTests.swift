import Testing
@testable import NotesFTS

@Suite struct DoclistCursorTests {
    /// A doclist as FTS5 writes one over two pages: notes 3, 5 and 9 (9 a delete: no position), then note 200
    /// written whole at the second page's first rowid, then 201.
    private static let doclist: (bytes: [UInt8], whole: [Int]) = {
        var bytes: [UInt8] = []
        var whole: [Int] = []
        func entry(_ rowid: Int, positions: [UInt8], wholeRowid: Bool = false, delete: Bool = false) {
            if wholeRowid { whole.append(bytes.count) }
            Varint.append(rowid, to: &bytes)
            Varint.append(positions.count * 2 + (delete ? 1 : 0), to: &bytes)
            bytes += positions
        }
        entry(3, positions: [2, 3], wholeRowid: true)
        entry(2, positions: [1, 1, 4])
        entry(4, positions: [], delete: true)
        entry(200, positions: [130, 1], wholeRowid: true)
        entry(1, positions: [2])
        return (bytes, whole)
    }()

    @Test func stepsThroughEveryEntryInNoteOrder() {
        let (bytes, whole) = Self.doclist
        var cursor = DoclistCursor(0..<bytes.count, whole: whole)
        var seen: [(Int64, Int)] = []
        bytes.withUnsafeBufferPointer { bytes in
            while cursor.step(bytes), !cursor.isDone { seen.append((cursor.id, cursor.positions.count)) }
        }
        #expect(seen.map(\.0) == [3, 5, 9, 200, 201])
        #expect(seen.map(\.1) == [2, 3, 0, 2, 1])
        #expect(cursor.isDone)
    }

    @Test(arguments: [(Int64(1), Int64(3)), (3, 3), (4, 5), (6, 9), (10, 200), (201, 201)])
    func seeksToTheFirstEntryAtOrAbove(target: Int64, expected: Int64) {
        let (bytes, whole) = Self.doclist
        var cursor = DoclistCursor(0..<bytes.count, whole: whole)
        let landed = bytes.withUnsafeBufferPointer { bytes in cursor.step(bytes) && cursor.seek(target, bytes) }
        #expect(landed && !cursor.isDone && cursor.id == expected)
    }

    @Test func seeksPastTheLastEntry() {
        let (bytes, whole) = Self.doclist
        var cursor = DoclistCursor(0..<bytes.count, whole: whole)
        let landed = bytes.withUnsafeBufferPointer { bytes in cursor.step(bytes) && cursor.seek(202, bytes) }
        #expect(landed && cursor.isDone)
    }

    /// Skipping pages lands on the last page start at or below the target, so the first entry at or above it
    /// is still ahead; the page starts are the rowids written whole, each with its bytes up to the next.
    @Test(arguments: [(Int64(0), Int64(3)), (150, 3), (199, 3), (200, 200), (500, 200)])
    func skipsPagesBelowATarget(target: Int64, firstStep: Int64) {
        let (bytes, whole) = Self.doclist
        var cursor = DoclistCursor(0..<bytes.count, whole: whole)
        let (stepped, starts) = bytes.withUnsafeBufferPointer { bytes in
            cursor.skipPages(below: target, bytes)
            return (cursor.step(bytes), cursor.pageStarts(bytes))
        }
        #expect(stepped && cursor.id == firstStep)
        #expect(starts.map(\.rowid) == [3, 200])
        #expect(starts.map(\.bytes) == [whole[1] - whole[0], bytes.count - whole[1]])
    }

    /// Doclists FTS5 does not write are refused, not misread.
    @Test(arguments: [
        // A later rowid written whole below the one before it.
        ([5, 2, 2, 3, 2, 2], [0, 3]),
        // A difference of zero (the same note twice).
        ([5, 2, 2, 0, 2, 2], [0]),
        // A position list past the end.
        ([5, 8, 2], [0]),
        // A whole rowid promised where an entry's middle is.
        ([5, 4, 2, 2, 1, 2, 2], [0, 2]),
        // A whole rowid promised past the end.
        ([5, 2, 2], [0, 9]),
    ] as [([UInt8], [Int])])
    func refusesWhatFTS5DoesNotWrite(bytes: [UInt8], whole: [Int]) {
        var cursor = DoclistCursor(0..<bytes.count, whole: whole)
        let decoded = bytes.withUnsafeBufferPointer { bytes in
            while !cursor.isDone { guard cursor.step(bytes) else { return false } }
            return true
        }
        #expect(!decoded)
    }

    /// A page start stepped over is refused at the next step, not only at the end of the doclist, by a step
    /// and by a seek: a walk that stops before the end must not return an entry read across it.
    @Test func refusesTheStepAfterAPageStartItPassed() {
        let bytes: [UInt8] = [5, 4, 2, 2, 1, 2, 2, 1, 2, 2]
        var cursor = DoclistCursor(0..<bytes.count, whole: [0, 2])
        let steps = bytes.withUnsafeBufferPointer { bytes in [cursor.step(bytes), cursor.step(bytes)] }
        #expect(steps == [true, false])
        var seeking = DoclistCursor(0..<bytes.count, whole: [0, 2])
        let sought = bytes.withUnsafeBufferPointer { bytes in [seeking.step(bytes), seeking.seek(6, bytes)] }
        #expect(sought == [true, false])
    }

    /// A seek's loop over one-byte entries stops at a page start, where the rowid is written whole: with one
    /// byte too it would be read as a difference (3 + 5).
    @Test func seeksAcrossAPageStartOfOneByte() {
        let bytes: [UInt8] = [3, 2, 2, 5, 2, 2]
        var cursor = DoclistCursor(0..<bytes.count, whole: [0, 3])
        let landed = bytes.withUnsafeBufferPointer { bytes in cursor.step(bytes) && cursor.seek(5, bytes) }
        #expect(landed && cursor.id == 5)
    }

    /// A difference of zero met by a seek is refused, as by a step.
    @Test func refusesADifferenceOfZeroWhenSeeking() {
        let bytes: [UInt8] = [5, 2, 2, 0, 2, 2, 1, 2, 2]
        var cursor = DoclistCursor(0..<bytes.count, whole: [0])
        let sought = bytes.withUnsafeBufferPointer { bytes in [cursor.step(bytes), cursor.seek(7, bytes)] }
        #expect(sought == [true, false])
    }
}
