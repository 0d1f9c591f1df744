import SQLiteKit

/// Reads and writes the tracked terms' complete posting lists in `topk_postings(term, first, postings)`:
/// blocks of a ``PostingList`` keyed by the term and the block's first note id.
enum PostingStore {
    /// The whole list of `term` (empty when it has none).
    static func load(_ term: String, _ db: Connection) throws -> PostingList {
        var list = PostingList()
        try load(term, db, appendingTo: &list)
        return list
    }

    /// Appends the whole list of `term` to `list`.
    static func load(_ term: String, _ db: Connection, appendingTo list: inout PostingList) throws {
        var filled = list.count
        list.extend(by: try db.scalarInt("SELECT df FROM topk_terms WHERE term = ?1", [.text(term)]) ?? 0)
        let statement = try db.cached("SELECT first, postings FROM topk_postings WHERE term = ?1 ORDER BY first")
        defer { try? statement.reset() }
        try statement.bind([.text(term)])
        while try statement.step() {
            let first = statement.int64(0)
            let valid = statement.withBlob(1) { list.decode($0, first: first, at: &filled) }
            if !valid { throw SQLiteError(code: 11, message: "malformed posting block of \"\(term)\" at \(first)") }
        }
        list.truncate(to: filled)
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
    /// written back (split when it grew past twice ``PostingList/blockSize``).
    static func apply(_ term: String, _ changes: [(Int64, PostingChange)], _ db: Connection) throws {
        var start = 0
        while start < changes.count {
            let note = changes[start].0
            var list = PostingList()
            let read = { (row: Statement) -> Int64 in
                let first = row.int64(0)
                row.withBlob(1) { _ = list.decode($0, first: first) }
                return first
            }
            let block = try db.query("""
                SELECT first, postings FROM topk_postings WHERE term = ?1 AND first <= ?2 ORDER BY first DESC LIMIT 1
                """, [.text(term), .integer(note)], read).first
                ?? db.query("SELECT first, postings FROM topk_postings WHERE term = ?1 ORDER BY first LIMIT 1", [.text(term)], read).first
            let next = try db.scalarInt("SELECT min(first) FROM topk_postings WHERE term = ?1 AND first > ?2",
                                        [.text(term), .integer(block ?? note)]).map(Int64.init) ?? .max
            var end = start
            while end < changes.count && changes[end].0 < next { end += 1 }
            if let block {
                try db.run("DELETE FROM topk_postings WHERE term = ?1 AND first = ?2", [.text(term), .integer(block)])
            }
            try write(term, list.applying(changes[start..<end]), db)
            start = end
        }
    }
}
