import Foundation
import SQLiteKit

/// One FTS5 walk of a MATCH (``MatchStatistics/walk(_:_:into:limit:from:below:)``) split in two by note id
/// and run on two cores: the lower ids on the query's connection, the upper ids on a second read-only
/// connection kept with it. What a phrase of two common words costs is FTS5 stepping through both words'
/// doclists (about 2,000 instructions a note holding both: `"read itparox"` at 1,000,000 notes, 66,000 such
/// notes for 243 matches); FTS5 seeks to a rowid range, so each half steps through about half of them.
///
/// The halves are one answer only if both connections read the same snapshot, and the second one begins
/// its read transaction after the first. SQLite says when another connection has committed: `PRAGMA
/// data_version` on a connection changes when any other connection commits between two readings. So the
/// second connection records its `data_version` at the end of each use (and when it opens), together with
/// the query connection's count of transactions begun (``Connection/transactionsBegun``). A later walk is
/// split only if the query connection's transaction began after that recording and the second connection,
/// inside its new read transaction, reads the same `data_version`: then nothing was committed from the
/// recording to the second connection's snapshot, so in particular nothing between the two snapshots. Any
/// other case (the first long walk on a connection, a commit since, a transaction begun before the
/// recording or not by ``Connection/transaction(_:_:)``, a write transaction open, whose pending terms FTS5
/// keeps in memory) walks whole on the query connection, and records again.
enum SplitWalk {
    /// Indexes from this many notes have their one-term and phrase walks split. Below, a walk takes a few
    /// milliseconds at most (1.8 ms for `"read itparox"` at 100,000 notes), not worth a second connection.
    static let minimumNotes = 200_000

    /// The notes `match` matches, as ``MatchStatistics/walk(_:_:into:limit:from:below:)`` gives them (ascending
    /// ids), walked in two halves at once; `nil` when the walk is not split (see above), and the caller walks it
    /// whole.
    static func walk(_ match: String, _ db: Connection, _ statistics: MatchStatistics) throws -> [MatchStatistics.Row]? {
        guard !db.isAutocommit, !db.isWriting else { return nil }
        let helper = Helper.of(db)
        guard let connection = helper.connection else { return nil }
        guard let recorded = helper.version, helper.recordedAt < db.transactionsBegun,
              let top = try db.scalarInt("SELECT max(rowid) FROM notes_fts_docsize").map(Int64.init), top > 1 else {
            helper.record(db)
            return nil
        }
        do {
            try connection.execute("BEGIN DEFERRED")
            guard try connection.scalarInt("PRAGMA data_version") == recorded else {
                try? connection.execute("ROLLBACK")
                helper.record(db)
                return nil
            }
        } catch {
            try? connection.execute("ROLLBACK")
            helper.record(db)
            return nil
        }
        let middle = top / 2 + 1
        let job = Job(helper: connection, match: match, from: middle, statistics: statistics)
        let thread = Thread { job.run() }
        thread.start()
        var rows: [MatchStatistics.Row] = []
        var failure: Error?
        do {
            try statistics.walk(match, db, into: &rows, below: middle)
        } catch {
            failure = error
        }
        job.done.wait()
        try? connection.execute("COMMIT")
        helper.record(db)
        if let failure { throw failure }
        // The second connection failed (busy, out of memory): its half is walked here instead.
        if job.error != nil {
            try statistics.walk(match, db, into: &rows, from: middle)
            return rows
        }
        return rows + job.rows
    }

    /// The second connection, opened on first use with the first one's configuration (none for a database
    /// that cannot be opened twice, in memory, or when opening fails), with its last recorded `data_version`.
    private final class Helper {
        let connection: Connection?
        /// Its `data_version` when last recorded (`nil`: unknown).
        var version: Int?
        /// The query connection's ``Connection/transactionsBegun`` at that recording.
        var recordedAt = 0

        init(_ db: Connection) {
            let path = db.path
            connection = path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:")
                ? nil : try? NoteIndex.open(path, mode: .readOnly, configuration: db.configuration)
        }

        static func of(_ db: Connection) -> Helper { db.attachment("notes-fts.split-walk") { Helper(db) } }

        /// Records the second connection's `data_version` now, outside any transaction of its own.
        func record(_ db: Connection) {
            version = try? connection?.scalarInt("PRAGMA data_version")
            recordedAt = db.transactionsBegun
        }
    }

    /// The upper half, walked on the second connection on its own thread. Sendable by construction: the
    /// thread that starts it reads `rows` and `error` only after `done` is signalled, and the connection is
    /// used by no one else meanwhile.
    private final class Job: @unchecked Sendable {
        let helper: Connection
        let match: String
        let from: Int64
        let statistics: MatchStatistics
        let done = DispatchSemaphore(value: 0)
        var rows: [MatchStatistics.Row] = []
        var error: Error?

        init(helper: Connection, match: String, from: Int64, statistics: MatchStatistics) {
            self.helper = helper
            self.match = match
            self.from = from
            self.statistics = statistics
        }

        func run() {
            do {
                try statistics.walk(match, helper, into: &rows, from: from)
            } catch {
                self.error = error
            }
            done.signal()
        }
    }
}
