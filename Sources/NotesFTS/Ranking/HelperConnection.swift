import SQLiteKit

/// A second read-only connection kept with a query's connection, so that a query can split its work over two
/// cores (``SplitWalk``, ``TrackedDecode``), each connection reading its own part at the same snapshot.
///
/// The parts are one answer only if both connections read the same snapshot, and the second one begins its
/// read transaction after the first. SQLite says when another connection has committed: `PRAGMA data_version`
/// on a connection changes when any other connection commits between two readings. So the second connection
/// records its `data_version` at the end of each use (and when it is first asked for), together with the
/// query connection's count of transactions begun (``Connection/transactionsBegun``). A later use begins only
/// if the query connection's transaction began after that recording and the second connection, inside its
/// new read transaction, reads the same `data_version`: then nothing was committed from the recording to the
/// second connection's snapshot, so in particular nothing between the two snapshots. In any other case (the
/// first use on a connection, a commit since, a transaction begun before the recording or not by
/// ``Connection/transaction(_:_:)``, a write transaction open, whose pending terms FTS5 keeps in memory) the
/// query does its work whole on its own connection, and the second one records again.
final class HelperConnection {
    /// The second connection, opened on first use with the first one's configuration (none for a database
    /// that cannot be opened twice, in memory, or when opening fails).
    let connection: Connection?
    /// Its `data_version` when last recorded (`nil`: unknown).
    private var version: Int?
    /// The query connection's ``Connection/transactionsBegun`` at that recording.
    private var recordedAt = 0

    private init(_ db: Connection) {
        let path = db.path
        connection = path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:")
            ? nil : try? NoteIndex.open(path, mode: .readOnly, configuration: db.configuration)
    }

    /// The helper kept with `db`.
    static func of(_ db: Connection) -> HelperConnection { db.attachment("notes-fts.split-walk") { HelperConnection(db) } }

    /// Records the second connection's `data_version` now, outside any transaction of its own.
    func record(_ db: Connection) {
        version = try? connection?.scalarInt("PRAGMA data_version")
        recordedAt = db.transactionsBegun
    }

    /// The second connection inside a read transaction of its own at the snapshot `db`'s open read transaction
    /// reads, or `nil` when that cannot be known (see above; the helper records again). A connection returned
    /// is `end(_:)`ed once its work is done, from the thread that called this.
    func begin(matching db: Connection) -> Connection? {
        guard !db.isAutocommit, !db.isWriting, let connection else { return nil }
        guard let recorded = version, recordedAt < db.transactionsBegun else {
            record(db)
            return nil
        }
        do {
            try connection.execute("BEGIN DEFERRED")
            // The read transaction starts with the first read: this one.
            if try connection.scalarInt("PRAGMA data_version") == recorded { return connection }
        } catch {}
        try? connection.execute("ROLLBACK")
        record(db)
        return nil
    }

    /// Ends the second connection's read transaction begun by ``begin(matching:)`` and records again.
    func end(_ db: Connection) {
        try? connection?.execute("COMMIT")
        record(db)
    }
}
