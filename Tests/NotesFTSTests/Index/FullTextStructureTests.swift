import Testing
@testable import NotesFTS

/// FTS5's structure record: decoded and encoded byte for byte, and two of them combined so that merges in
/// progress continue as they would have.
@Suite struct FullTextStructureTests {
    typealias Segment = FullTextStructure.Segment
    typealias Level = FullTextStructure.Level

    private func structure(_ levels: [Level], cookie: UInt32 = 7, writes: Int = 100) -> FullTextStructure {
        FullTextStructure.record(levels, cookie: cookie, writes: writes)
    }

    private func segments(_ ids: Int...) -> [Segment] { ids.map { Segment(id: $0, firstPage: 1, lastPage: $0 * 10) } }

    @Test func aRecordEncodesToTheSameBytes() {
        let record = structure([Level(merging: 2, segments: segments(4, 5, 6)), Level(merging: 0, segments: segments(300))])
        #expect(record.bytes == [0, 0, 0, 7, 2, 4, 100, 2, 3, 4, 1, 40, 5, 1, 50, 6, 1, 60, 0, 1, 0x82, 0x2C, 1, 0x97, 0x38])
        #expect(FullTextStructure(bytes: record.bytes) == record)
        #expect(record.segmentIDs == [4, 5, 6, 300])
        #expect(record.isMerging)
    }

    /// Bytes that are not a first-format record: too short, truncated, counts that disagree, trailing bytes,
    /// and the second format of SQLite 3.44 and later (0xFF 0x00 0x00 0x01 after the cookie).
    @Test(arguments: [[], [0, 0, 0], [0, 0, 0, 1, 1, 1, 0], [0, 0, 0, 1, 1, 2, 0, 0, 1, 5, 1, 1], [0, 0, 0, 1, 0, 0, 0, 9],
                      [0, 0, 0, 1, 0xFF, 0, 0, 1, 0, 0, 0, 0]] as [[UInt8]])
    func otherBytesDoNotDecode(bytes: [UInt8]) {
        #expect(FullTextStructure(bytes: bytes) == nil)
    }

    private func sized(_ pairs: (id: Int, pages: Int)...) -> [Segment] { FullTextStructure.sized(pairs) }

    /// Level 0 merges 1 and 2 into 5, the last of level 1. Added segments of 8 and 3 pages fit level 0 (its
    /// largest has 10), after the merge inputs; one of 500 is larger than any and starts a level of its own
    /// above; one of 40 fits level 1, which holds two already, so it goes on to the level of the 500.
    @Test func addedSegmentsGoWhereTheirSizeBelongs() {
        let main = structure([Level(merging: 2, segments: sized((1, 10), (2, 6), (3, 2))), Level(merging: 0, segments: sized((4, 60), (5, 7)))])
        let side = structure([Level(merging: 0, segments: sized((1, 3), (2, 500), (3, 8))), Level(merging: 0, segments: sized((4, 40)))],
                             writes: 50)
        let joined = main.adding(side) { $0 + 10 }
        #expect(joined.levels.map { $0.segments.map(\.id) } == [[1, 2, 3, 13, 11], [4, 5], [12, 14]])
        #expect(joined.levels.map(\.merging) == [2, 0, 0])
        #expect(joined.levels[2].segments[0].pageCount == 500)
        #expect(joined.writeCounter == 150)
        #expect(joined.cookie == 8)
        #expect(FullTextStructure(bytes: joined.bytes) == joined)
    }

    /// A level above 0 keeps at most two segments from a splice (FTS5 merges a level of four whole): added
    /// segments that fit level 1, which holds two, go to a new level above, the largest first; level 0 takes
    /// any number. Without the cap, level 1 would hold four and the next write would merge all of it.
    @Test func aLevelAboveZeroTakesAtMostTwo() {
        let main = structure([Level(merging: 0, segments: sized((1, 10))), Level(merging: 0, segments: sized((2, 100), (3, 90)))])
        let side = structure([Level(merging: 0, segments: sized((4, 80), (5, 95), (6, 5), (7, 4)))])
        let joined = main.adding(side) { $0 + 10 }
        #expect(joined.levels.map { $0.segments.map(\.id) } == [[1, 16, 17], [2, 3], [15, 14]])
        #expect(FullTextStructure.segmentsPerLevel == 2)
    }

    /// A segment larger than ``FullTextStructure/levelZeroPages`` never goes on level 0, where every
    /// incremental run would soon merge it again; smaller ones still do.
    @Test func aLargeSegmentSkipsLevelZero() {
        let large = FullTextStructure.levelZeroPages + 1
        let main = structure([Level(merging: 0, segments: [Segment(id: 1, firstPage: 1, lastPage: 2 * large)])])
        let side = structure([Level(merging: 0, segments: [Segment(id: 2, firstPage: 1, lastPage: large),
                                                           Segment(id: 3, firstPage: 1, lastPage: 5)])])
        let joined = main.adding(side) { $0 + 10 }
        #expect(joined.levels.map { $0.segments.map(\.id) } == [[1, 13], [12]])
    }

    @Test func intoAnEmptyStructureEverySegmentGoesToLevelZero() {
        let main = structure([])
        let side = structure([Level(merging: 0, segments: []), Level(merging: 0, segments: sized((1, 9), (2, 4)))])
        let joined = main.adding(side) { $0 + 1 }
        #expect(joined.levels.map { $0.segments.map(\.id) } == [[2, 3]])
    }

    @Test func newIDsAreTheSmallestFree() throws {
        let mapping = try FullTextSplice.newIDs(for: [1, 2, 3], avoiding: [1, 3, 4])
        #expect(mapping == [1: 2, 2: 5, 3: 6])
        #expect(throws: FullTextSplice.Refusal.self) {
            try FullTextSplice.newIDs(for: [1, 2], avoiding: Set(1...1_999))
        }
    }

    @Test func averagesAddUpColumnByColumn() {
        var bytes: [UInt8] = []
        for value in [3, 10, 200, 4] { Varint.append(value, to: &bytes) }
        let averages = FullTextAverages(bytes: bytes)!
        #expect(averages.rows == 3 && averages.columnTokens == [10, 200, 4])
        let sum = averages.adding(averages)!
        #expect(sum.rows == 6 && sum.columnTokens == [20, 400, 8])
        #expect(FullTextAverages(bytes: sum.bytes) == sum)
        #expect(averages.adding(FullTextAverages(bytes: [1, 2])!) == nil)
    }
}
