import SQLiteKit

/// Reads and writes the tracked terms' complete posting lists in `topk_postings(term, first, postings)`:
/// blocks of a ``PostingList`` keyed by the term and the block's first note id.
enum PostingStore {
    /// The whole list of `term` (empty when it has none).
    static func load(_ term: String, _ db: Connection) throws -> PostingList {
        var list = PostingList()
        var filled = 0
        list.extend(by: try TopKTokenStatistics.documentFrequency(term, db) ?? 0)
        try load(term, db, into: &list, at: &filled)
        list.truncate(to: filled)
        return list
    }

    /// Decodes the whole list of `term` into `list`'s room from `filled` on (made for its `df` by the caller;
    /// the list grows if it holds more), advancing `filled`. A query over several words makes room for all
    /// their lists at once: appending a list of 300,000 postings to another one moved it to a new
    /// allocation, 4.7 ms at 1,000,000 notes, more than decoding it.
    static func load(_ term: String, _ db: Connection, into list: inout PostingList, at filled: inout Int) throws {
        try forEachBlock(term, db) { bytes, first in list.decode(bytes, first: first, at: &filled) }
    }

    /// The note ids of `term`'s posting list, ascending, without their frequencies and sizes (what a count
    /// needs: a third of the memory, no arrays of zeros to fill first); `expected` is its `df`.
    static func loadIDs(_ term: String, _ db: Connection, expected: Int) throws -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(expected)
        try forEachBlock(term, db) { bytes, first in PostingList.decodeIDs(bytes, first: first, into: &ids) }
        return ids
    }

    /// Hands `decode` each stored block of `term` in id order, with its first id; it returns `false` for a
    /// malformed block, which throws.
    private static func forEachBlock(_ term: String, _ db: Connection,
                                     _ decode: (UnsafeRawBufferPointer, Int64) -> Bool) throws {
        let statement = try db.cached("SELECT first, postings FROM topk_postings WHERE term = ?1 ORDER BY first")
        defer { try? statement.reset() }
        try statement.bind([.text(term)])
        while try statement.step() {
            let first = statement.int64(0)
            let valid = statement.withBlob(1) { decode($0, first) }
            if !valid { throw SQLiteError(code: 11, message: "malformed posting block of \"\(term)\" at \(first)") }
        }
    }

    /// Writes `list` as new blocks of `term` (the term's rows in that id range must be gone).
    static func write(_ term: String, _ list: PostingList, _ db: Connection) throws {
        let insert = try db.cached("INSERT INTO topk_postings(term, first, postings) VALUES (?1, ?2, ?3)")
        for range in list.blockRanges {
            try insert.bind([.text(term), .integer(list.ids[range.lowerBound]), .blob(list.encoded(range))])
            try insert.run()
        }
    }

    /// Applies a log replay's `changes` of `term` (sorted by note id), block by block: each change goes to the
    /// block whose key is the highest not above the note (or the first block), which is read, merged and
    /// written back (split when it grew past twice ``PostingList/blockSize``). One query reads a block with
    /// the key of the block after it; a block that keeps its key is updated in place.
    static func apply(_ term: String, _ changes: [(Int64, PostingChange)], _ db: Connection) throws {
        let read = try db.cached("""
            SELECT first, postings FROM topk_postings WHERE term = ?1 AND first >= coalesce(
              (SELECT max(first) FROM topk_postings WHERE term = ?1 AND first <= ?2),
              (SELECT min(first) FROM topk_postings WHERE term = ?1))
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
                    let valid = read.withBlob(1) { list.decode($0, first: read.int64(0)) }
                    if !valid { throw SQLiteError(code: 11, message: "malformed posting block of \"\(term)\"") }
                    continue
                }
                next = read.int64(0)
            }
            try read.reset()
            var end = start
            while end < changes.count && changes[end].0 < next { end += 1 }
            try replace(term, block: block, with: list.applying(changes[start..<end]), db)
            start = end
        }
    }

    /// Writes `list` in place of the block keyed `block` (`nil`: the term had none).
    private static func replace(_ term: String, block: Int64?, with list: PostingList, _ db: Connection) throws {
        if let block, list.count > 0, list.ids[0] == block, list.blockRanges.count == 1 {
            let update = try db.cached("UPDATE topk_postings SET postings = ?3 WHERE term = ?1 AND first = ?2")
            try update.bind([.text(term), .integer(block), .blob(list.encoded(0..<list.count))])
            try update.run()
            return
        }
        if let block {
            let delete = try db.cached("DELETE FROM topk_postings WHERE term = ?1 AND first = ?2")
            try delete.bind([.text(term), .integer(block)])
            try delete.run()
        }
        try write(term, list, db)
    }
}
