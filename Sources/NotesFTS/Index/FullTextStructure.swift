/// FTS5's structure record (row 10 of `notes_fts_data`): which segments make up the full-text index, level by
/// level, and which merges are in progress. ``FullTextSplice`` reads two of them and writes one that lists
/// the segments of both.
///
/// The format is FTS5's first one, the only one SQLite wrote before 3.44: a 4-byte cookie, then varints
/// (levels, segments, write counter), then for each level its merge count and segment count, then for each
/// segment its id and first and last leaf page. A record in any other format (a later SQLite's) does not
/// decode, and the build then stays on one writer.
struct FullTextStructure: Equatable {
    /// One segment: its id (the high bits of its rows' ids in `%_data`) and its leaf pages.
    struct Segment: Equatable {
        var id: Int
        var firstPage: Int
        var lastPage: Int

        /// The leaf pages it spans (FTS5 compares segments by this when it promotes them).
        var pageCount: Int { lastPage - firstPage + 1 }
    }

    /// One level: its segments, oldest first, and how many of the first are the inputs of a merge in
    /// progress (whose output is the last segment of the next level).
    struct Level: Equatable {
        var merging: Int
        var segments: [Segment]
    }

    /// The row of `%_data` that holds the record.
    static let rowID = 10
    /// The row of `%_data` that holds the averages: the number of rows, then each column's token count.
    static let averagesRowID = 1
    /// How far FTS5 shifts a segment id in a `%_data` row id (31 bits of page, 5 of height, 1 of flag).
    static let segmentShift = 37
    /// The largest segment id FTS5 allocates.
    static let maximumSegmentID = 2000

    var cookie: UInt32
    var writeCounter: Int
    var levels: [Level]

    /// Every segment id in use.
    var segmentIDs: Set<Int> { Set(levels.flatMap { $0.segments.map(\.id) }) }

    /// Whether a merge is in progress on some level.
    var isMerging: Bool { levels.contains { $0.merging > 0 } }

    /// Decodes `bytes`, or returns `nil` when they are not a record in the first format.
    init?(bytes: [UInt8]) {
        guard bytes.count >= 4 else { return nil }
        var reader = VarintReader(bytes: bytes, offset: 4)
        // A later SQLite's second format starts with 0xFF 0x00 0x00 0x01 after the cookie.
        if bytes.count >= 8 && bytes[4] == 0xFF { return nil }
        cookie = bytes[0..<4].reduce(0) { $0 << 8 | UInt32($1) }
        guard let levelCount = reader.next(), let segmentCount = reader.next(), let counter = reader.next(),
              levelCount <= 64, segmentCount <= Self.maximumSegmentID else { return nil }
        writeCounter = counter
        levels = []
        for _ in 0..<levelCount {
            guard let merging = reader.next(), let count = reader.next(), merging <= count,
                  count <= Self.maximumSegmentID else { return nil }
            var segments: [Segment] = []
            for _ in 0..<count {
                guard let id = reader.next(), let first = reader.next(), let last = reader.next() else { return nil }
                segments.append(Segment(id: id, firstPage: first, lastPage: last))
            }
            levels.append(Level(merging: merging, segments: segments))
        }
        guard reader.isAtEnd, levels.reduce(0, { $0 + $1.segments.count }) == segmentCount else { return nil }
    }

    /// The record as FTS5 stores it.
    var bytes: [UInt8] {
        var out: [UInt8] = [UInt8(cookie >> 24 & 0xFF), UInt8(cookie >> 16 & 0xFF), UInt8(cookie >> 8 & 0xFF), UInt8(cookie & 0xFF)]
        Varint.append(levels.count, to: &out)
        Varint.append(levels.reduce(0) { $0 + $1.segments.count }, to: &out)
        Varint.append(writeCounter, to: &out)
        for level in levels {
            Varint.append(level.merging, to: &out)
            Varint.append(level.segments.count, to: &out)
            for segment in level.segments {
                Varint.append(segment.id, to: &out)
                Varint.append(segment.firstPage, to: &out)
                Varint.append(segment.lastPage, to: &out)
            }
        }
        return out
    }

    /// Segments a splice leaves at most on a level (``splicing(_:renumbered:)``; ``adding(_:renumbered:)``
    /// above level 0, besides a merge's inputs): two below FTS5's `automerge` of four, so such a level is
    /// merged only after two more merges of the level below, as with one writer.
    static let segmentsPerLevel = 2

    /// Pages above which a spliced segment does not go on level 0 (``splicing(_:renumbered:)``,
    /// ``adding(_:renumbered:)``): every incremental run adds to level 0, and FTS5 merges it whole once it
    /// holds four segments, so a large segment there (4,018 pages in one build of 100k notes) was copied
    /// again by the next 1%-changed re-run.
    static let levelZeroPages = 1_024

    /// This structure with `other`'s segments added, each renumbered by `newID` (which must not clash with
    /// this structure's ids), this structure's left where they are. `other` must have no merge in progress.
    /// A splice uses it when this structure has a merge in progress (``splicing(_:renumbered:)``).
    ///
    /// Each added segment, largest first, goes where FTS5 itself would keep a segment of its size (a level holds
    /// segments no larger than the levels above it): to the lowest level that has a segment at least as large,
    /// or else to the level above every level here; never to level 0 when larger than ``levelZeroPages``. Put on
    /// level 0, the side's large segments made the next incremental run merge them all (36,000 pages at 100k
    /// notes). Above level 0, a level already holding
    /// ``segmentsPerLevel`` segments (not counting a merge's inputs) passes the segment on to the level above:
    /// FTS5 merges a level once it holds four, so a level of three large segments was merged whole (27,000
    /// pages, 1.7 times the time of a 1%-changed re-run) as soon as a merge of level 0 added a fourth. Within a
    /// level a segment goes after the inputs of the level's merge in progress and before the output of the
    /// level below's, so that merges continue as they would have.
    func adding(_ other: FullTextStructure, renumbered newID: (Int) -> Int) -> FullTextStructure {
        precondition(!other.isMerging, "a spliced structure must have no merge in progress")
        var result = self
        result.cookie &+= 1
        result.writeCounter += other.writeCounter
        let largest = levels.map { $0.segments.map(\.pageCount).max() ?? 0 }
        let above = (levels.lastIndex { !$0.segments.isEmpty } ?? -1) + 1
        for segment in other.levels.flatMap(\.segments).sorted(by: { $0.pageCount > $1.pageCount }) {
            var number = largest.firstIndex { $0 >= segment.pageCount } ?? above
            if number == 0 && segment.pageCount > Self.levelZeroPages { number = 1 }
            while number > 0 && number < result.levels.count
                    && result.levels[number].segments.count - result.levels[number].merging >= Self.segmentsPerLevel {
                number += 1
            }
            while result.levels.count <= number { result.levels.append(Level(merging: 0, segments: [])) }
            var target = result.levels[number]
            let outputBelow = number > 0 && result.levels[number - 1].merging > 0 && !target.segments.isEmpty
            let position = outputBelow ? target.segments.count - 1 : target.segments.count
            precondition(position >= target.merging, "a level's merge output is never one of its inputs")
            target.segments.insert(Segment(id: newID(segment.id), firstPage: segment.firstPage, lastPage: segment.lastPage),
                                   at: position)
            result.levels[number] = target
        }
        return result
    }
}

/// FTS5's averages record (row 1 of `%_data`): the number of rows, then each column's total token count.
struct FullTextAverages: Equatable {
    var rows: Int
    var columnTokens: [Int]

    /// Decodes `bytes` (varints to the end), or `nil` when they do not decode.
    init?(bytes: [UInt8]) {
        var reader = VarintReader(bytes: bytes, offset: 0)
        guard let count = reader.next() else { return nil }
        rows = count
        columnTokens = []
        while !reader.isAtEnd {
            guard let tokens = reader.next() else { return nil }
            columnTokens.append(tokens)
        }
    }

    /// The record as FTS5 stores it.
    var bytes: [UInt8] {
        var out: [UInt8] = []
        Varint.append(rows, to: &out)
        for tokens in columnTokens { Varint.append(tokens, to: &out) }
        return out
    }

    /// The totals of both, column by column.
    func adding(_ other: FullTextAverages) -> FullTextAverages? {
        guard columnTokens.count == other.columnTokens.count else { return nil }
        var sum = self
        sum.rows += other.rows
        sum.columnTokens = zip(columnTokens, other.columnTokens).map { $0 + $1 }
        return sum
    }
}
