import SQLiteKit

/// A term's doclist as FTS5 reads it, with each note's position list, from the leaves in any state FTS5
/// leaves them in: several segments, notes updated or deleted since their segment was written, a merge in
/// progress. ``postings(of:)`` declines all of these; a query (``PrefixPostings``) cannot wait for a merge.
///
/// How FTS5 3.40 reads a term over its segments (`fts5MultiIterNew`, `fts5MultiIterDoCompare` and
/// `fts5MultiIterIsEmpty` in `ext/fts5/fts5_index.c`), and so how this does:
/// - the newest segment first: level 0 before level 1, and within a level the last segment before the first;
/// - a note in several segments takes the newest entry: an update or a delete writes a new one;
/// - an entry with no position (a delete) means the note does not hold the term;
/// - an incremental merge moves terms whole, in term order, and rewrites each input's first page to start at
///   the first term it has not moved, so every segment the structure record lists is read from its first
///   page and a term is found once (in the output or in the inputs).
extension SegmentPostings {
    /// Terms' entries: each term's notes in ascending order, each note with its position list in ``bytes``
    /// (FTS5's format: `1` then a column number starts a column; any other varint `v` is a position `v − 2`
    /// after the one before in the column).
    struct Doclists {
        /// One note and where its position list lies in ``bytes``.
        struct Entry: Equatable {
            var id: Int64
            var start: Int32
            var end: Int32
        }

        /// Each term (as the tokenizer indexes it) with its entries, in term order.
        var terms: [(term: String, entries: [Entry])] = []
        var bytes: [UInt8] = []
    }

    /// The reader kept with `db` for queries (its statements live as long as the connection).
    static func of(_ db: Connection) throws -> SegmentPostings {
        try db.attachment("notes-fts.segment-postings") { try SegmentPostings(db) }
    }

    /// Every term from `first` through `last` (in byte order, both included) with its entries over every
    /// segment; `nil` when the leaves cannot say: the structure record is not in the format this reads, a page
    /// or an entry does not decode, or a bound is a term FTS5 stores cut. A prefix's untracked expansions
    /// between two tracked ones lie on consecutive pages of each segment: one lookup a segment finds the
    /// first, where one a term and segment cost more than FTS5's walks (46 terms in 17 segments at 1,000,000
    /// notes).
    ///
    /// The caller must hold a read transaction (the structure record and the pages of one snapshot) on a
    /// connection with no write transaction open: FTS5 keeps a writer's terms in memory until it flushes them,
    /// and those are not in the leaves.
    func doclists(from first: String, through last: String) throws -> Doclists? {
        guard let low = Self.key(of: first), let high = Self.key(of: last) else { return nil }
        // The first key after `last`'s and every key it begins: `last` followed by a zero byte.
        return try doclists(keysFrom: low, below: high + [0])
    }

    /// Every term whose key is from `low` (included) and below `high`, as ``doclists(from:through:)``; `nil`
    /// also when the segments hold more than `budget` entries for them (a note in two segments counts twice),
    /// so that a prefix of many notes stops early.
    func doclists(keysFrom low: [UInt8], below high: [UInt8], budget: Int = .max) throws -> Doclists? {
        defer { resetStatements() }
        guard let structure = try structure() else { return nil }
        // Each term's entries, segment by segment (newest first), in `staging`; the terms kept in byte order
        // as they come (a segment gives them in order, so most land at the end).
        var ranges: [(key: [UInt8], ranges: [Range<Int>])] = []
        var result = Doclists()
        swap(&result.bytes, &doclistBytes)
        result.bytes.removeAll(keepingCapacity: true)
        staging.removeAll(keepingCapacity: true)
        for segment in structure.levels.flatMap({ $0.segments.reversed() }) {
            let walked = try walkTerms(from: low, below: high, in: segment) { term, doclist, whole in
                let base = result.bytes.count, start = staging.count
                result.bytes.append(contentsOf: doclist)
                guard result.bytes.count < Int(Int32.max),
                      Self.appendEntries(result.bytes, from: base, whole: whole.map { $0 + base }, to: &staging) else { return false }
                let place = Self.place(of: term, in: ranges)
                if place < ranges.count && ranges[place].key == term {
                    ranges[place].ranges.append(start..<staging.count)
                } else {
                    ranges.insert((term, [start..<staging.count]), at: place)
                }
                return staging.count <= budget
            }
            guard walked else { return nil }
        }
        for (key, segments) in ranges {
            var merged: [Doclists.Entry] = []
            Self.merge(staging, segments, into: &merged, spare: &spare)
            // A term whose every note was deleted since its segment was written holds none (FTS5 lists no
            // such term either).
            if !merged.isEmpty { result.terms.append((String(decoding: key.dropFirst(), as: UTF8.self), merged)) }
        }
        return result
    }

    /// Appends the notes of every term whose key is from `low` (included) and below `high`
    /// (``doclists(keysFrom:below:budget:)``) with the weighted frequency bm25 sums for the term in each (each
    /// position adds its column's weight, as ``RowStatisticsFunctions`` counts FTS5's instances) to `rows`,
    /// sizes left out, term after term, and returns how many terms there were; `nil`, with `rows` as it was,
    /// when the leaves cannot say or hold more than `budget` entries for them.
    func appendFrequencies(keysFrom low: [UInt8], below high: [UInt8], budget: Int = .max,
                           to rows: inout [MatchStatistics.Row]) throws -> Int? {
        guard var found = try doclists(keysFrom: low, below: high, budget: budget) else { return nil }
        defer { swap(&found.bytes, &doclistBytes) }
        let before = rows.count
        rows.reserveCapacity(before + found.terms.reduce(0) { $0 + $1.entries.count })
        let decoded = found.bytes.withUnsafeBufferPointer { bytes in
            for (_, entries) in found.terms {
                for entry in entries {
                    guard let frequency = weightedFrequency(bytes, Int(entry.start)..<Int(entry.end)) else { return false }
                    rows.append(MatchStatistics.Row(id: entry.id, frequency: frequency, size: -1))
                }
            }
            return true
        }
        if !decoded { rows.removeSubrange(before...) }
        return decoded ? found.terms.count : nil
    }

    /// Calls `visit` with each term from `low` (included) and below `high` (keys) in one segment, its doclist's
    /// pages joined and the offsets where a rowid is written whole; `false` when a page does not decode or
    /// `visit` fails.
    private func walkTerms(from low: [UInt8], below high: [UInt8], in segment: FullTextStructure.Segment,
                           visit: ([UInt8], [UInt8], [Int]) -> Bool) throws -> Bool {
        // The term whose doclist the walk is joining, when it goes on past its page.
        var open: (term: [UInt8], doclist: [UInt8], whole: [Int])?
        var number = try firstPage(for: low, in: segment)
        // Where the pages of a doclist of a term below `low` are skipped to (`read`'s, 12 pages a segment at
        // 100,000 notes, before `read*`'s other expansions), found when first needed.
        var nextTerms: Int?
        while number <= segment.lastPage {
            guard let page = try leaf(segment.id, number) else { return false }
            if var continued = open {
                // Unshared before it grows, so that each page is appended in place rather than the whole doclist
                // copied again (a doclist of 50 pages was copied 50 times).
                open = nil
                if page.firstRowid != 0, continued.whole.last != continued.doclist.count + page.firstRowid - 4 {
                    continued.whole.append(continued.doclist.count + page.firstRowid - 4)
                }
                Self.append(page.bytes, 4..<page.continuationEnd, to: &continued.doclist)
                open = continued
                if !page.termOffsets.isEmpty {
                    guard visit(continued.term, continued.doclist, continued.whole) else { return false }
                    open = nil
                }
            }
            // The page's terms, only those in the range copied out.
            var reached = false, done = false, failed = false
            let last = page.termOffsets.count - 1
            guard page.forEachTerm({ term, range, index in
                if low.withUnsafeBufferPointer({ LeafPage.precedes(term, $0) }) { return true }
                if !high.withUnsafeBufferPointer({ LeafPage.precedes(term, $0) }) {
                    done = true
                    return false
                }
                reached = true
                let doclist = Array(page.bytes[range])
                if index < last {
                    if !visit(Array(term), doclist, [0]) { failed = true }
                    return !failed
                }
                open = (Array(term), doclist, [0])
                return true
            }) != nil, !failed else { return false }
            if done { return true }
            if !reached && open == nil {
                // No term of the range yet: the pages up to the next one where a term begins hold only the rest
                // of a doclist below `low`.
                if nextTerms == nil { nextTerms = try nextTermPage(after: low, in: segment) }
                number = max(number + 1, nextTerms ?? 0)
            } else {
                number += 1
            }
        }
        if let open { return visit(open.term, open.doclist, open.whole) }
        return true
    }

    /// Where `key` is, or goes, among `terms` (in byte order): the first place whose key is not below it.
    static func place(of key: [UInt8], in terms: [(key: [UInt8], ranges: [Range<Int>])]) -> Int {
        // Terms come in order from each segment: the end is the usual answer.
        if let last = terms.last?.key, precedes(last, key) { return terms.count }
        var low = 0, high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(terms[middle].key, key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// ``LeafPage/precedes(_:_:)`` for two keys.
    static func precedes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { LeafPage.precedes(left, $0) } }
    }
}
