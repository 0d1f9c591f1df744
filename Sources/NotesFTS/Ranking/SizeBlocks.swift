import SQLiteKit

/// Every note's size in tokens (bm25's `D`, FTS5's `xColumnSize(-1)`) in a compact table of the index's own,
/// `topk_sizes(block, sizes)` (schema v9): one row for 1,024 consecutive note ids, two bytes a note.
///
/// A walk that scores FTS5's rows itself (a phrase, an untracked word, a prefix's untracked expansions) needs
/// every matching note's size. FTS5 reads it from `notes_fts_docsize`, one B-tree lookup a row: about 0.9 µs,
/// and at 1,000,000 notes a page of its own for nearly every row (a docsize page holds about 400 notes). Here
/// a row serves 1,024 notes and is read once for all the notes of its range that a walk meets in id order.
///
/// An entry is `D + 1`, little-endian: 0 means no note, and ``escape`` a size of ``escape`` − 1 tokens or more
/// (a note of some 400 KB), read from `notes_fts_docsize` instead. The table is derived data, like the other
/// top-k tables: filled from `notes_fts_docsize` when they are built (``fill(_:)``), kept up to date by the
/// log replay (``update(_:_:)``), and read only while they are current (``isUsable(_:)``).
enum SizeBlocks {
    /// Notes a row holds (a power of two: a note's row is its id shifted right by ``shift``).
    static let notesPerBlock = 1 << shift
    static let shift = 10
    /// The entry of a size too large for two bytes.
    static let escape: UInt16 = 0xFFFF
    /// The schema version that adds the table.
    static let schemaVersion = 9

    /// Migration 9: the table (filled from `notes_fts_docsize` right after, ``fill(_:)``).
    static let schemaSQL = """
        CREATE TABLE IF NOT EXISTS topk_sizes (
          block INTEGER PRIMARY KEY,
          sizes BLOB NOT NULL
        );
        """

    /// The two-byte entry of a note of `size` tokens, or of no note (`nil`).
    static func entry(_ size: Int?) -> UInt16 {
        guard let size else { return 0 }
        return size >= Int(escape) - 1 ? escape : UInt16(max(size, 0) + 1)
    }

    /// The row a note's entry is in, and its place there.
    static func place(of id: Int64) -> (block: Int64, slot: Int) {
        (id >> Int64(shift), Int(id & Int64(notesPerBlock - 1)))
    }

    /// Whether a query on `db` may read sizes from the table: the index has it (a read-only open of an index
    /// older than v9 does not) and the top-k tables are current (``RankingTables/isCurrent(_:)``), so the log
    /// replay has brought it up to date.
    static func isUsable(_ db: Connection) throws -> Bool {
        try db.userVersion >= schemaVersion && RankingTables.isCurrent(db)
    }

    /// Fills the table from `notes_fts_docsize` (inside the caller's transaction), in one pass in id order.
    static func fill(_ db: Connection) throws {
        try db.execute("DELETE FROM topk_sizes")
        let insert = try db.cached("INSERT INTO topk_sizes(block, sizes) VALUES (?1, ?2)")
        var current: Int64?
        var entries = [UInt16](repeating: 0, count: notesPerBlock)
        func flush() throws {
            guard let block = current else { return }
            try insert.bind([.integer(block), .blob(encode(entries))])
            try insert.run()
            entries = [UInt16](repeating: 0, count: notesPerBlock)
        }
        let rows = try db.prepare("SELECT id, sz FROM notes_fts_docsize ORDER BY id")
        defer { rows.finalize() }
        while try rows.step() {
            let (block, slot) = place(of: rows.int64(0))
            if block != current {
                try flush()
                current = block
            }
            entries[slot] = entry(Int(DocumentSizes.total(rows.blob(1) ?? [])))
        }
        try flush()
    }

    /// Sets the entries of the notes in `sizes` (a size, or `nil` for a note that is gone), each row read and
    /// written once; a row left with no note is deleted, as ``fill(_:)`` would not write it.
    static func update(_ sizes: [Int64: Int?], _ db: Connection) throws {
        var byBlock: [Int64: [(slot: Int, entry: UInt16)]] = [:]
        for (id, size) in sizes {
            let (block, slot) = place(of: id)
            byBlock[block, default: []].append((slot, entry(size)))
        }
        let read = try db.cached("SELECT sizes FROM topk_sizes WHERE block = ?1")
        let write = try db.cached("INSERT OR REPLACE INTO topk_sizes(block, sizes) VALUES (?1, ?2)")
        let delete = try db.cached("DELETE FROM topk_sizes WHERE block = ?1")
        for (block, changes) in byBlock.sorted(by: { $0.key < $1.key }) {
            try read.bind([.integer(block)])
            var entries = try read.step() ? decode(read.blob(0) ?? []) : [UInt16](repeating: 0, count: notesPerBlock)
            try read.reset()
            for change in changes { entries[change.slot] = change.entry }
            if entries.allSatisfy({ $0 == 0 }) {
                try delete.bind([.integer(block)])
                try delete.run()
            } else {
                try write.bind([.integer(block), .blob(encode(entries))])
                try write.run()
            }
        }
    }

    static func encode(_ entries: [UInt16]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: entries.count * 2)
        for (index, entry) in entries.enumerated() {
            bytes[2 * index] = UInt8(truncatingIfNeeded: entry)
            bytes[2 * index + 1] = UInt8(truncatingIfNeeded: entry >> 8)
        }
        return bytes
    }

    /// A row's entries (a short or damaged row reads as no notes past its end).
    static func decode(_ bytes: [UInt8]) -> [UInt16] {
        var entries = [UInt16](repeating: 0, count: notesPerBlock)
        for index in 0..<min(notesPerBlock, bytes.count / 2) {
            entries[index] = UInt16(bytes[2 * index]) | UInt16(bytes[2 * index + 1]) << 8
        }
        return entries
    }

    /// Reads sizes note by note, keeping the last row read: notes asked for in id order read each row once.
    /// The row's bytes are copied as they are and an entry read where it lies: decoding the 1,024 entries of
    /// every row a walk met cost 0.86 M instructions for `read*`'s 1,899 rare notes at 100,000 notes. Rows
    /// a few blocks ahead are reached by stepping the statement on, not by a new seek (a seek a row cost about
    /// 4,000 instructions). Rows the connection's earlier queries read in the same database state come from
    /// memory (``SizeCache``). Call ``finish()`` when done: the statement may be left on a row.
    struct Reader {
        private let statement: Statement
        /// The row whose bytes are held.
        private var block: Int64?
        /// The row the statement is on (`nil` when it is not on one).
        private var positioned: Int64?
        /// The row's bytes (two a note, little-endian), in memory kept from row to row.
        private var bytes: [UInt8] = []
        /// The rows the connection's earlier queries read, when kept (``SizeCache``).
        private let cache: SizeCache?
        /// Rows ahead that are stepped to rather than sought.
        static let stepAhead: Int64 = 16

        /// A reader of `db`'s table; with `cached`, rows read by the connection's earlier queries (in the same
        /// database state) are taken from memory, and the rows it reads are kept for later ones. Not while a
        /// write is open on `db`: what it reads then may be rolled back, which changes none of the figures the
        /// cache is checked against.
        init(_ db: Connection, cached: Bool = true) throws {
            statement = try db.cached("SELECT block, sizes FROM topk_sizes WHERE block >= ?1 ORDER BY block")
            cache = cached && !db.isWriting ? try SizeCache.of(db) : nil
        }

        /// Resets the statement (the reader can go on after, seeking again).
        mutating func finish() throws {
            positioned = nil
            try statement.reset()
        }

        /// The size of note `id`: from its row, or from `notes_fts_docsize` when the row holds no size for it
        /// (``escape``, or no note); 0 when FTS5 has none either.
        mutating func size(of id: Int64, _ db: Connection) throws -> Int {
            let (wanted, slot) = place(of: id)
            if wanted != block { try load(wanted) }
            let entry = 2 * slot + 1 < bytes.count ? UInt16(bytes[2 * slot]) | UInt16(bytes[2 * slot + 1]) << 8 : 0
            if entry != 0 && entry != escape { return Int(entry) - 1 }
            return try DocumentSizes.size(of: id, db) ?? 0
        }

        /// Holds row `wanted`'s bytes (none when there is no such row).
        private mutating func load(_ wanted: Int64) throws {
            block = wanted
            if let kept = cache?.row(wanted) {
                bytes = kept
                return
            }
            bytes.removeAll(keepingCapacity: true)
            // The statement is the connection's (``Connection/cached(_:)``): other code may have moved or reset
            // it since this reader last did.
            if let at = positioned, !(statement.isOnRow && statement.int64(0) == at) { positioned = nil }
            if let at = positioned, at < wanted, wanted - at <= Self.stepAhead {
                while let at = positioned, at < wanted {
                    if try statement.step() { positioned = statement.int64(0) } else { try finish() }
                }
            } else if positioned != wanted {
                try statement.reset()
                try statement.bind([.integer(wanted)])
                positioned = try statement.step() ? statement.int64(0) : nil
            }
            if positioned == wanted { statement.withBlob(1) { bytes.append(contentsOf: $0) } }
            cache?.keep(wanted, bytes)
        }
    }
}
