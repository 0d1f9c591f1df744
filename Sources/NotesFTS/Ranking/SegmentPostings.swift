import SQLiteKit

/// A term's notes and weighted frequencies read straight from FTS5's segment leaves (``LeafPage``), with no
/// FTS5 query: what the top-k scan at the end of a first build needs (``RankingScan``), at a small part of
/// the cost of a query with an auxiliary function per row (which decodes each row's instances into an array
/// and calls back for each).
///
/// It answers only where the leaves alone are FTS5's answer, and returns `nil` otherwise, so the caller asks
/// FTS5 instead:
/// - the structure record decodes (``FullTextStructure``) and no merge is in progress;
/// - no entry carries FTS5's delete flag, and no note is in two segments (a note updated or deleted since its
///   segment was written is in two, or carries the flag, until a merge drops the old entry);
/// - every page, term and doclist decodes.
///
/// FTS5's pending terms, held in memory by a connection writing the table until it flushes them, are not in
/// the leaves: use a connection that has not written `notes_fts` in its open transaction (the scan's
/// read-only connections read what the build committed). Call inside a read transaction, so the structure
/// record and the pages are of one snapshot.
final class SegmentPostings {
    /// One term's postings in note order.
    struct Postings: Equatable {
        var ids: [Int64] = []
        /// The weighted frequency bm25 sums for the term in each note (each instance adds its column's weight).
        var frequencies: [Double] = []
    }

    private let page: Statement
    private let pagesAfter: Statement
    private let lookup: Statement
    private let lookupAfter: Statement
    let structureRead: Statement
    /// Room the doclist reads decode into, kept from query to query (``doclists(from:through:)``): fresh
    /// memory of a long doclist's size is faulted in page by page, which cost more than the decoding.
    var staging: [Doclists.Entry] = []
    /// Room ``doclists(from:through:)`` merges the segments' entries in, kept for the same reason.
    var spare: [Doclists.Entry] = []
    /// Room a phrase walk reads its tokens' doclists into (``PhraseLeaves``), kept from query to query for the
    /// same reason: 2.7 MB for `"read itparox"` at 1,000,000 notes.
    var walkBytes: [UInt8] = []
    /// Room ``doclists(keysFrom:below:budget:)`` joins the terms' doclists in, given back by
    /// ``appendFrequencies(keysFrom:below:budget:to:)`` once it has read them, for the same reason.
    var doclistBytes: [UInt8] = []
    /// Room a prefix's untracked expansions' notes are listed in (``PrefixPostings``), kept for the same
    /// reason: 19,441 notes for `read*` at 1,000,000 notes, whose fresh room was a tenth of the query in page
    /// faults.
    var untrackedRows: [MatchStatistics.Row] = []

    /// Prepares the reads on `db`.
    init(_ db: Connection) throws {
        page = try db.prepare("SELECT block FROM notes_fts_data WHERE id = ?1")
        pagesAfter = try db.prepare("SELECT id, block FROM notes_fts_data WHERE id > ?1 AND id <= ?2 ORDER BY id")
        lookup = try db.prepare("SELECT pgno FROM notes_fts_idx WHERE segid = ?1 AND term <= ?2 ORDER BY term DESC LIMIT 1")
        lookupAfter = try db.prepare("SELECT pgno FROM notes_fts_idx WHERE segid = ?1 AND term > ?2 ORDER BY term LIMIT 1")
        structureRead = try db.prepare("SELECT block FROM notes_fts_data WHERE id = \(FullTextStructure.rowID)")
    }

    /// Finalizes the statements (before the connection closes).
    func close() {
        page.finalize()
        pagesAfter.finalize()
        lookup.finalize()
        lookupAfter.finalize()
        structureRead.finalize()
    }

    /// The postings of `term` (as the tokenizer indexes it), or `nil` when the leaves alone cannot say.
    func postings(of term: String) throws -> Postings? {
        defer { resetStatements() }
        guard let key = Self.key(of: term) else { return nil }
        guard let structure = try structure(), !structure.isMerging else { return nil }
        var lists: [Postings] = []
        for segment in structure.levels.flatMap(\.segments) {
            guard let list = try postings(of: key, in: segment) else { return nil }
            if !list.ids.isEmpty { lists.append(list) }
        }
        return Self.merged(lists)
    }

    /// Resets the reads, so that no statement keeps the read transaction open once a lookup is done.
    func resetStatements() {
        try? page.reset()
        try? pagesAfter.reset()
        try? lookup.reset()
        try? lookupAfter.reset()
        try? structureRead.reset()
    }

    /// The structure record, or `nil` when it does not decode.
    func structure() throws -> FullTextStructure? {
        try structureRead.reset()
        guard try structureRead.step(), let bytes = structureRead.blob(0) else { return nil }
        return FullTextStructure(bytes: bytes)
    }

    /// The longest key FTS5 stores: the index byte and a token of at most 32,768 bytes.
    static let longestKey = 1 + 32_768

    /// `term`'s key in the main index (its index byte, then its bytes); `nil` for a term FTS5 would store cut
    /// (past 32,768 bytes; 3.40 writes a term only up to its first zero byte).
    static func key(of term: String) -> [UInt8]? {
        let key = [UInt8(ascii: "0")] + Array(term.utf8)
        return key.count <= longestKey && !key.contains(0) ? key : nil
    }

    /// The leaf page `number` of segment `id`, or `nil` when there is no such row or it does not decode.
    func leaf(_ id: Int, _ number: Int) throws -> LeafPage? {
        guard id > 0, id <= FullTextStructure.maximumSegmentID, number > 0, number < 1 << 31 else { return nil }
        try page.bind([.integer(Int64(id) << Int64(FullTextStructure.segmentShift) + Int64(number))])
        guard try page.step(), let bytes = page.blob(0) else { return nil }
        return LeafPage(bytes)
    }

    /// `key`'s postings in one segment (empty when it holds none).
    private func postings(of key: [UInt8], in segment: FullTextStructure.Segment) throws -> Postings? {
        var bytes: [UInt8] = []
        guard let whole = try appendDoclist(of: key, in: segment, to: &bytes) else { return nil }
        return bytes.isEmpty ? Postings() : decode(bytes, whole: whole)
    }

    /// The leaf page of `segment` where `key` is, or would be (`%_idx`).
    func firstPage(for key: [UInt8], in segment: FullTextStructure.Segment) throws -> Int {
        try lookup.bind([.integer(Int64(segment.id)), .blob(key)])
        // `%_idx` keeps rows for pages an incremental merge has since dropped from the segment's start.
        let indexed = try lookup.step() ? lookup.int(0) >> 1 : segment.firstPage
        try lookup.reset()
        return max(indexed, segment.firstPage)
    }

    /// The first page of `segment` after the one ``firstPage(for:in:)`` gives for `key` where a term begins:
    /// the page of the first `%_idx` row whose key is above `key` (FTS5 writes a row for every leaf where a
    /// term begins, keyed by a prefix of that term above the previous page's last term; the segment's first
    /// page by an empty key), or
    /// one past the segment's last page when there is none. The pages between continue one doclist, of a
    /// term below `key`.
    func nextTermPage(after key: [UInt8], in segment: FullTextStructure.Segment) throws -> Int {
        try lookupAfter.bind([.integer(Int64(segment.id)), .blob(key)])
        let indexed = try lookupAfter.step() ? lookupAfter.int(0) >> 1 : segment.lastPage + 1
        try lookupAfter.reset()
        return indexed
    }

    /// Appends `key`'s doclist in one segment to `bytes`, its pages' parts joined, and returns the offsets in
    /// `bytes` where a rowid is written whole (the doclist's first, and each later page's first); nothing
    /// appended when the segment does not hold the term, `nil` when a page does not decode.
    func appendDoclist(of key: [UInt8], in segment: FullTextStructure.Segment, to bytes: inout [UInt8]) throws -> [Int]? {
        var number = try firstPage(for: key, in: segment)
        guard number <= segment.lastPage, let first = try leaf(segment.id, number), let found = first.find(key) else {
            return number > segment.lastPage ? [] : nil
        }
        guard case .found(let start, let end, var endsHere) = found else { return [] }
        var whole = [bytes.count]
        Self.append(first.bytes, start..<end, to: &bytes)
        guard !endsHere && number < segment.lastPage else { return whole }
        // The pages after, in one scan of the table (a step to the next row, where a lookup a page cost three
        // times as much); each must be the next page of the segment.
        defer { try? pagesAfter.reset() }
        let base = Int64(segment.id) << Int64(FullTextStructure.segmentShift)
        try pagesAfter.bind([.integer(base + Int64(number)), .integer(base + Int64(segment.lastPage))])
        while !endsHere && number < segment.lastPage {
            number += 1
            guard try pagesAfter.step(), pagesAfter.int64(0) == base + Int64(number) else { return nil }
            // Read where SQLite holds it: copying each page into an array first cost a copy, an allocation and a
            // release a page.
            let read = pagesAfter.withBlob(1) { raw -> Bool in
                let page = raw.assumingMemoryBound(to: UInt8.self)
                guard let next = LeafPage.continuation(page), let start = page.baseAddress else { return false }
                // A page holding nothing of the doclist before its first rowid starts where the last one ended.
                if next.firstRowid != 0, whole.last != bytes.count + next.firstRowid - 4 {
                    whole.append(bytes.count + next.firstRowid - 4)
                }
                bytes.append(contentsOf: UnsafeBufferPointer(start: start + 4, count: next.end - 4))
                endsHere = next.endsHere
                return true
            }
            guard read else { return nil }
        }
        return whole
    }

    /// Appends `source[range]` to `bytes` in one copy (appending the slice itself went byte by byte: 7,000
    /// instructions a 4 KB page).
    static func append(_ source: [UInt8], _ range: Range<Int>, to bytes: inout [UInt8]) {
        source.withUnsafeBufferPointer { source in bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[range])) }
    }

    /// Decodes a doclist whose rowids at the offsets `whole` are written whole; `nil` when it does not decode
    /// or an entry carries the delete flag.
    func decode(_ doclist: [UInt8], whole: [Int]) -> Postings? {
        var result = Postings()
        var offset = 0, nextWhole = 0
        var id: Int64 = 0
        let valid = doclist.withUnsafeBufferPointer { bytes -> Bool in
            while offset < bytes.count {
                let isWhole = nextWhole < whole.count && whole[nextWhole] == offset
                if isWhole { nextWhole += 1 } else if nextWhole < whole.count && whole[nextWhole] < offset { return false }
                // An entry with no position and no delete flag is not one FTS5 writes.
                guard let value = Varint.read(bytes, &offset), let size = Varint.read(bytes, &offset), size & 1 == 0,
                      size >= 2, size >> 1 <= UInt64(bytes.count - offset) else {
                    return false
                }
                if isWhole {
                    // A page's first rowid, written whole, still comes after the one before it.
                    guard result.ids.isEmpty || Int64(bitPattern: value) > id else { return false }
                    id = Int64(bitPattern: value)
                } else {
                    guard value > 0 else { return false }
                    id &+= Int64(bitPattern: value)
                }
                let end = offset + Int(size >> 1)
                guard end <= bytes.count, let frequency = weightedFrequency(bytes, offset..<end) else { return false }
                result.ids.append(id)
                result.frequencies.append(frequency)
                offset = end
            }
            return nextWhole == whole.count
        }
        return valid ? result : nil
    }

    /// The weighted frequency of one position list: each position adds its column's weight (columns after
    /// the third weigh as the third, as ``RowStatisticsFunctions`` counts them).
    @inline(__always)
    func weightedFrequency(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var counts = ColumnCounts()
        var column: UInt64 = 0, offset = range.lowerBound
        while offset < range.upperBound {
            guard let value = Varint.read(bytes, &offset, end: range.upperBound) else { return nil }
            if value == 1 {
                guard let next = Varint.read(bytes, &offset, end: range.upperBound) else { return nil }
                column = next
            } else {
                guard value >= 2 else { return nil }
                counts.add(column: column)
            }
        }
        return counts.weightedFrequency
    }

    /// One list of the segments' postings in note order; `nil` when a note is in two of them.
    static func merged(_ lists: [Postings]) -> Postings? {
        if lists.count <= 1 { return lists.first ?? Postings() }
        var result = Postings()
        var cursors = [Int](repeating: 0, count: lists.count)
        var previous = Int64.min
        while true {
            var best = -1
            for index in lists.indices where cursors[index] < lists[index].ids.count {
                if best < 0 || lists[index].ids[cursors[index]] < lists[best].ids[cursors[best]] { best = index }
            }
            if best < 0 { return result }
            let id = lists[best].ids[cursors[best]]
            guard id > previous else { return nil }
            result.ids.append(id)
            result.frequencies.append(lists[best].frequencies[cursors[best]])
            previous = id
            cursors[best] += 1
        }
    }
}
