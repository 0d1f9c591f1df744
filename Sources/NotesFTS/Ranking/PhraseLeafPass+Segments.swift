import SQLiteKit

extension PhraseLeafPass {
    /// Counts every note with a size in `sizes` holding two words of the pairs into ``heaps``, reading the
    /// leaves through `db`; `false` when they cannot say (the structure record, a page or a doclist does not
    /// decode), and ``heaps`` are then incomplete. FTS5's pending terms are flushed first (a savepoint makes
    /// it write them), so a caller inside a transaction that wrote `notes_fts` is counted with what it wrote.
    ///
    /// The segments are read a group at a time (``groups(of:keys:_:)``): those whose notes' ids overlap go
    /// together, so that a note's newest entry is found among them. A group of more than ``bandBytes`` of
    /// doclists (a fresh index's segments overlap: at 1,000,000 notes its 4 segments are one group of about
    /// 250 MB) is read in bands of note ids, each band's pages only, so that the memory held does not grow
    /// with the index; each band reads the doclists again, which is a small part of the pass.
    mutating func run(_ db: Connection, sizes: DocumentSizes) throws -> Bool {
        try db.execute("SAVEPOINT notes_fts_phrase_pass; RELEASE notes_fts_phrase_pass")
        let leaves = try SegmentPostings.of(db)
        defer { leaves.resetStatements() }
        guard let structure = try leaves.structure() else { return false }
        // Level 0 before level 1, and within a level the last segment first: newest first, as FTS5 reads them.
        let segments = structure.levels.flatMap { $0.segments.reversed() }
        let keys = pairs.words.enumerated().compactMap { number, word in
            SegmentPostings.key(of: word).map { (word: Int32(number), key: $0) }
        }
        guard let groups = try Self.groups(of: segments, keys: keys, leaves) else { return false }
        for group in groups {
            let starts = Self.bandStarts(low: group.low, high: group.high, bytes: group.bytes, bandBytes: bandBytes)
            for band in 0...starts.count {
                let from = band == 0 ? Int64.min : starts[band - 1]
                let below = band < starts.count ? starts[band] : nil
                guard try countBand(group.segments, from: from, below: below, keys: keys, leaves, sizes: sizes) else {
                    return false
                }
            }
        }
        return true
    }

    /// Counts the notes from `from` and below `below` (none: no upper bound) of one group of segments (newest
    /// first): each word's doclists there (only their pages that may hold such notes, when bounded) in a buffer
    /// of their exact size, read through one staging array (one array grown for all held up to twice their
    /// bytes).
    private mutating func countBand(_ segments: [FullTextStructure.Segment], from: Int64, below: Int64?,
                                    keys: [(word: Int32, key: [UInt8])], _ leaves: SegmentPostings,
                                    sizes: DocumentSizes) throws -> Bool {
        let bounded = from > .min || below != nil
        var buffers: [UnsafeMutableBufferPointer<UInt8>] = []
        defer { for buffer in buffers { buffer.deallocate() } }
        var staging: [UInt8] = [], doclist: [UInt8] = []
        var cursors: [DoclistCursor] = []
        var read: [(word: Int32, cursors: Range<Int>)] = []
        for (word, key) in keys {
            let first = cursors.count
            staging.removeAll(keepingCapacity: true)
            for segment in segments {
                let start = staging.count
                guard bounded else {
                    guard let whole = try leaves.appendDoclist(of: key, in: segment, to: &staging) else { return false }
                    if staging.count > start { cursors.append(DoclistCursor(start..<staging.count, whole: whole)) }
                    continue
                }
                doclist.removeAll(keepingCapacity: true)
                guard let whole = try leaves.appendDoclist(of: key, in: segment, to: &doclist) else { return false }
                guard !doclist.isEmpty else { continue }
                guard let part = Self.band(of: doclist, whole: whole, from: from, below: below) else { return false }
                guard !part.range.isEmpty else { continue }
                SegmentPostings.append(doclist, part.range, to: &staging)
                let shift = start - part.range.lowerBound
                cursors.append(DoclistCursor(start..<staging.count, whole: part.whole.map { $0 + shift }))
            }
            guard cursors.count > first else { continue }
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: staging.count)
            _ = buffer.initialize(from: staging)
            buffers.append(buffer)
            read.append((word, first..<cursors.count))
        }
        staging = []
        doclist = []
        var merged = read.map { MergedDoclist($0.cursors) }
        return cursors.withUnsafeMutableBufferPointer { cursors in
            merged.withUnsafeMutableBufferPointer { merged in
                walk(buffers.map { UnsafeBufferPointer($0) }, cursors, merged, words: read.map(\.word), sizes: sizes,
                     from: from, below: below)
            }
        }
    }

    /// A group of segments whose notes' ids overlap, and what the words' doclists in it hold.
    struct Group {
        /// Newest first.
        var segments: [FullTextStructure.Segment]
        /// The smallest and largest note id in the words' doclists.
        var low: Int64
        var high: Int64
        /// The doclists' bytes.
        var bytes: Int
    }

    /// The segments in groups whose ranges of note ids (over the doclists of `keys`) do not overlap, in id
    /// order, each newest first as `segments` is; a segment holding none of the words is in none. `nil` when a
    /// doclist does not decode.
    static func groups(of segments: [FullTextStructure.Segment], keys: [(word: Int32, key: [UInt8])],
                       _ leaves: SegmentPostings) throws -> [Group]? {
        var spans: [(segment: Int, low: Int64, high: Int64, bytes: Int)] = []
        var staging: [UInt8] = []
        for (index, segment) in segments.enumerated() {
            var low = Int64.max, high = Int64.min, bytes = 0
            for (_, key) in keys {
                staging.removeAll(keepingCapacity: true)
                guard let whole = try leaves.appendDoclist(of: key, in: segment, to: &staging) else { return nil }
                guard !staging.isEmpty else { continue }
                guard let ids = Self.firstAndLast(staging, whole: whole) else { return nil }
                bytes += staging.count
                low = min(low, ids.first)
                high = max(high, ids.last)
            }
            if low <= high { spans.append((index, low, high, bytes)) }
        }
        spans.sort { $0.low < $1.low }
        var groups: [(indices: [Int], low: Int64, high: Int64, bytes: Int)] = []
        for span in spans {
            if let last = groups.last, span.low <= last.high {
                groups[groups.count - 1].indices.append(span.segment)
                groups[groups.count - 1].high = max(last.high, span.high)
                groups[groups.count - 1].bytes += span.bytes
            } else {
                groups.append(([span.segment], span.low, span.high, span.bytes))
            }
        }
        return groups.map { Group(segments: $0.indices.sorted().map { segments[$0] }, low: $0.low, high: $0.high, bytes: $0.bytes) }
    }

    /// Where the bands of a group of `bytes` bytes of doclists over ids `low...high` start, after the first: as
    /// many as it takes to hold about `bandBytes` each (at most ``maximumBands``), over equal spans of ids;
    /// none when one band holds it.
    static func bandStarts(low: Int64, high: Int64, bytes: Int, bandBytes: Int) -> [Int64] {
        let bands = min((bytes + max(bandBytes, 1) - 1) / max(bandBytes, 1), maximumBands)
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard bands > 1, !overflow, span >= Int64(bands) else { return [] }
        return (1..<bands).map { low + Int64((Double(span) * Double($0) / Double(bands)).rounded(.down)) }
    }

    /// The part of one doclist (its bytes and the offsets where a rowid is written whole, the first of them 0)
    /// that holds its entries from `from` and below `below`: from the last page start at or below `from` to the
    /// first page start at or above `below`; the entries outside the bounds left in it are stepped over by the
    /// walk. `nil` when a rowid does not decode.
    static func band(of doclist: [UInt8], whole: [Int], from: Int64, below: Int64?) -> (range: Range<Int>, whole: [Int])? {
        let rowids = doclist.withUnsafeBufferPointer { bytes in
            DoclistCursor(0..<bytes.count, whole: whole).pageStarts(bytes).map(\.rowid)
        }
        guard rowids.count == whole.count, !whole.isEmpty else { return nil }
        var first = 0
        while first + 1 < rowids.count && rowids[first + 1] <= from { first += 1 }
        var end = first + 1
        if let below { while end < rowids.count && rowids[end] < below { end += 1 } } else { end = rowids.count }
        let upper = end < whole.count ? whole[end] : doclist.count
        return (whole[first]..<upper, Array(whole[first..<end]))
    }

    /// The first and last note id of a doclist (the last page's entries stepped through); `nil` when it does not
    /// decode.
    private static func firstAndLast(_ bytes: [UInt8], whole: [Int]) -> (first: Int64, last: Int64)? {
        bytes.withUnsafeBufferPointer { bytes -> (first: Int64, last: Int64)? in
            var first = DoclistCursor(0..<bytes.count, whole: whole)
            guard first.step(bytes), !first.isDone else { return nil }
            var last = DoclistCursor(0..<bytes.count, whole: whole)
            last.skipPages(below: .max, bytes)
            var id = first.id
            while true {
                guard last.step(bytes) else { return nil }
                if last.isDone { break }
                id = last.id
            }
            return (first.id, max(id, first.id))
        }
    }
}
