import SQLiteKit

/// Reads and writes the tracked terms' posting lists: blocks of a ``PostingList`` keyed by the term and the
/// block's first note id, in `topk_postings(term, first, postings)` (the complete lists), `topk_upper` (their
/// upper tiers, ``UpperTier``), `topk_heads` (their impact heads) or `topk_prefix_heads` (their prefixes'
/// heads, ``PrefixHead``), the same shape.
enum PostingStore {
    /// The table a list is kept in.
    enum Table: String {
        /// Every note holding the term.
        case complete = "topk_postings"
        /// The term's upper tier (``UpperTier``).
        case upper = "topk_upper"
        /// The term's impact head (``TopKTokenStatistics``).
        case head = "topk_heads"
        /// The impact head of the term's prefix, as one word (``PrefixHead``).
        case prefixHead = "topk_prefix_heads"
        /// The impact head of a frequent phrase of two tracked words, as one word (``PhraseHead``).
        case phraseHead = "topk_phrase_heads"

        /// The postings of `list` in `range` as one block of this table: by column in `topk_upper`
        /// (``TierBlock``), posting by posting in the others (``PostingList/encoded(_:)``).
        func encoded(_ list: PostingList, _ range: Range<Int>) -> [UInt8] {
            self == .upper ? TierBlock.encode(list, range) : list.encoded(range)
        }

        /// Appends the postings of one block of this table keyed by `first` to `list`; `false` when malformed.
        func decode(_ bytes: UnsafeRawBufferPointer, first: Int64, into list: inout PostingList) -> Bool {
            self == .upper ? TierBlock.decode(bytes, first: first, into: &list) : list.decode(bytes, first: first)
        }
    }

    /// The whole list of `term` (empty when it has none).
    static func load(_ term: String, _ db: Connection, from table: Table = .complete) throws -> PostingList {
        var list = PostingList()
        var filled = 0
        if table == .complete { list.extend(by: try TopKTokenStatistics.documentFrequency(term, db) ?? 0) }
        try load(term, db, from: table, into: &list, at: &filled)
        list.truncate(to: filled)
        return list
    }

    /// Decodes the whole list of `term` into `list`'s room from `filled` on (made for its `df` by the caller;
    /// the list grows if it holds more), advancing `filled`. A query over several words makes room for all
    /// their lists at once: appending a list of 300,000 postings to another one moved it to a new
    /// allocation, 4.7 ms at 1,000,000 notes, more than decoding it.
    static func load(_ term: String, _ db: Connection, from table: Table = .complete, into list: inout PostingList,
                     at filled: inout Int) throws {
        guard table != .upper else {
            var block = PostingList()
            try forEachBlock(term, db, table) { bytes, first in table.decode(bytes, first: first, into: &block) }
            list.place(block, at: &filled)
            return
        }
        try forEachBlock(term, db, table) { bytes, first in list.decode(bytes, first: first, at: &filled) }
    }

    /// The upper tier of `term` by column (``TierColumns``), its ids decoded and its `f` and `D` as stored;
    /// `expected` is about its length.
    static func loadTier(_ term: String, _ db: Connection, expected: Int) throws -> TierColumns {
        var columns = TierColumns()
        columns.reserve(expected)
        try forEachBlock(term, db, .upper) { bytes, first in columns.append(bytes, first: first) }
        return columns
    }

    /// The note ids of `term`'s posting list, ascending, without their frequencies and sizes (what a count
    /// needs: a third of the memory, no arrays of zeros to fill first); `expected` is its `df`.
    static func loadIDs(_ term: String, _ db: Connection, expected: Int) throws -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(expected)
        try forEachBlock(term, db, .complete) { bytes, first in PostingList.decodeIDs(bytes, first: first, into: &ids) }
        return ids
    }

    /// Fills `table` (emptied first) with `term`'s complete list, in `documents` notes of an index whose highest
    /// note id is `top`; `table` says nothing (``FrequencyTable/refused``) when the ids are too sparse for it or a
    /// block is malformed (the pass the caller makes instead then throws). What ``TrackedDecode`` looks notes up in.
    static func fill(_ table: inout FrequencyTable, term: String, documents: Int, top: Int64, _ db: Connection) throws {
        table.reset(documents: documents, top: top)
        if table.refused { return }
        try forEachBlock(term, db, .complete) { bytes, first in
            _ = table.add(bytes, first: first)
            return true
        }
    }

    /// The frequencies in `term`'s complete list of the notes `ids` (ascending), 0 for a note it does not hold,
    /// and how many it holds: each block's postings are read past without being decoded into a list, and the
    /// blocks after the last wanted id are stepped past without being looked at.
    static func frequencies(of ids: [Int64], in term: String, _ db: Connection) throws -> (frequencies: [Double], found: Int) {
        var found = [Double](repeating: 0, count: ids.count)
        var count = 0
        var cursor = 0
        try ids.withUnsafeBufferPointer { wanted in
            try found.withUnsafeMutableBufferPointer { found in
                try forEachBlock(term, db, .complete) { bytes, first in
                    if cursor == wanted.count { return true }
                    guard let hits = PostingList.frequencies(bytes, first: first, of: wanted, cursor: &cursor, into: found) else {
                        return false
                    }
                    count += hits
                    return true
                }
            }
        }
        return (found, count)
    }

    /// Hands `decode` each stored block of `term` in id order, with its first id; it returns `false` for a
    /// malformed block, which throws.
    private static func forEachBlock(_ term: String, _ db: Connection, _ table: Table,
                                     _ decode: (UnsafeRawBufferPointer, Int64) -> Bool) throws {
        let statement = try db.cached("SELECT first, postings FROM \(table.rawValue) WHERE term = ?1 ORDER BY first")
        defer { try? statement.reset() }
        try statement.bind([.text(term)])
        while try statement.step() {
            let first = statement.int64(0)
            let valid = statement.withBlob(1) { decode($0, first) }
            if !valid { throw SQLiteError(code: 11, message: "malformed posting block of \"\(term)\" at \(first)") }
        }
    }

    /// Writes `list` as new blocks of `term` (the term's rows in that id range must be gone).
    static func write(_ term: String, _ list: PostingList, _ db: Connection, to table: Table = .complete) throws {
        let insert = try db.cached("INSERT INTO \(table.rawValue)(term, first, postings) VALUES (?1, ?2, ?3)")
        for range in list.blockRanges() {
            try insert.bind([.text(term), .integer(list.ids[range.lowerBound]), .blob(table.encoded(list, range))])
            try insert.run()
        }
    }

    /// Applies a log replay's `changes` of `term` (sorted by note id), block by block: each change goes to the
    /// block whose key is the highest not above the note (or the first block), which is read, merged and
    /// written back (split when it grew past twice ``PostingList/blockSize``). One query reads a block with
    /// the key of the block after it; a block that keeps its key is updated in place, and one the changes
    /// leave as it was (a note removed from an upper tier that never held it) is not written.
    static func apply(_ term: String, _ changes: [(Int64, PostingChange)], _ db: Connection,
                      to table: Table = .complete) throws {
        let name = table.rawValue
        let read = try db.cached("""
            SELECT first, postings FROM \(name) WHERE term = ?1 AND first >= coalesce(
              (SELECT max(first) FROM \(name) WHERE term = ?1 AND first <= ?2),
              (SELECT min(first) FROM \(name) WHERE term = ?1))
            ORDER BY first LIMIT 2
            """)
        defer { try? read.reset() }
        var start = 0
        while start < changes.count {
            var list = PostingList()
            var block: Int64?
            var next = Int64.max
            try read.bind([.text(term), .integer(changes[start].0)])
            while try read.step() {
                guard block != nil else {
                    block = read.int64(0)
                    let valid = read.withBlob(1) { table.decode($0, first: read.int64(0), into: &list) }
                    if !valid { throw SQLiteError(code: 11, message: "malformed posting block of \"\(term)\"") }
                    continue
                }
                next = read.int64(0)
            }
            try read.reset()
            var end = start
            while end < changes.count && changes[end].0 < next { end += 1 }
            let changed = list.applying(changes[start..<end])
            if changed != list { try replace(term, block: block, with: changed, db, table) }
            start = end
        }
    }

    /// Writes `list` in place of the block keyed `block` (`nil`: the term had none).
    private static func replace(_ term: String, block: Int64?, with list: PostingList, _ db: Connection,
                                _ table: Table) throws {
        if let block, list.count > 0, list.ids[0] == block, list.blockRanges().count == 1 {
            let update = try db.cached("UPDATE \(table.rawValue) SET postings = ?3 WHERE term = ?1 AND first = ?2")
            try update.bind([.text(term), .integer(block), .blob(table.encoded(list, 0..<list.count))])
            try update.run()
            return
        }
        if let block {
            let delete = try db.cached("DELETE FROM \(table.rawValue) WHERE term = ?1 AND first = ?2")
            try delete.bind([.text(term), .integer(block)])
            try delete.run()
        }
        try write(term, list, db, to: table)
    }
}
