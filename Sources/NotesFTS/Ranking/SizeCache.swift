import SQLiteKit

/// The rows of ``SizeBlocks`` a connection's queries have read, kept with the connection while the database
/// is as they were read, so that a later query's walk finds its notes' sizes in memory.
///
/// A walk that scores FTS5's rows itself reads the sizes of all its notes: `"read itparox"` at 1,000,000 notes
/// 243 notes in as many rows (0.7 ms, more when other work has pushed the pages out of SQLite's cache), `read*`'s
/// rare expansions 19,441 notes in every row of the table. The table is 2 bytes a note (2 MB at 1,000,000
/// notes), so a long-lived connection (an app's, a benchmark's) soon holds most of it; `notes-find`, which makes
/// one query, gains nothing and loses nothing.
///
/// The rows are valid only while the database is what they were read from: the same `PRAGMA data_version`
/// (no other connection committed since), `total_changes()` (this one wrote nothing, and the log replay that
/// updates the table writes) and `PRAGMA schema_version` (``PhraseCountMemo/state(_:)``). Any change empties
/// the cache. A rollback changes none of them, so rows are neither kept nor served while a write is open on the
/// connection (``SizeBlocks/Reader``). At most ``limit`` bytes are kept a connection (a ``NoteIndex`` keeps a
/// few: its writer and its pool of readers).
final class SizeCache {
    /// The database state the rows were read in.
    private var state: [Int] = []
    /// Each row read, by block (empty for a block the table has no row for).
    private var rows: [Int64: [UInt8]] = [:]
    /// The bytes held.
    private var held = 0

    /// The most bytes of rows kept: the table of 4,000,000 notes.
    static let limit = 8 << 20

    /// The cache kept with `db`, emptied first when the database changed since its rows were read.
    static func of(_ db: Connection) throws -> SizeCache {
        let cache = db.attachment("notes-fts.size-cache") { SizeCache() }
        let now = try PhraseCountMemo.state(db)
        if now != cache.state {
            cache.rows.removeAll()
            cache.held = 0
            cache.state = now
        }
        return cache
    }

    /// Row `block`'s bytes as read before in this state (empty when the table has no such row), or `nil`.
    func row(_ block: Int64) -> [UInt8]? { rows[block] }

    /// Keeps row `block`'s bytes, read in the state of the last ``of(_:)``, unless that passes ``limit``.
    func keep(_ block: Int64, _ bytes: [UInt8]) {
        guard rows[block] == nil, held + bytes.count <= Self.limit else { return }
        rows[block] = bytes
        held += bytes.count
    }

    /// The rows held (for tests).
    var count: Int { rows.count }
}
