import Foundation
import SQLiteKit

/// One FTS5 walk of a MATCH (``MatchStatistics/walk(_:_:into:limit:)``) split in two by note id and run on two
/// cores: the lower ids on the query's connection, the upper ids on a second read-only connection kept with
/// it. What a phrase of two common words costs is FTS5 stepping through both words' doclists (about 2,000
/// instructions a note holding both: `"read itparox"` at 1,000,000 notes, 66,000 such notes for 243
/// matches); FTS5 seeks to a rowid range, so each half steps through about half of them.
///
/// The halves are one answer only if both connections read the same index. The second one opens its read
/// transaction after the first has its own, so a commit landing in between would give it a newer index; it
/// therefore compares FTS5's structure record and averages record (rows 10 and 1 of `notes_fts_data`, which
/// every write to `notes_fts` rewrites: new segments, new totals) with what the query's connection reads,
/// and on any difference the walk is not split. A connection with a write transaction open is not split
/// either: FTS5 keeps its pending terms in that connection's memory.
enum SplitWalk {
    /// Indexes from this many notes have their one-term and phrase walks split. Below, a walk takes a few
    /// milliseconds at most (1.8 ms for `"read itparox"` at 100,000 notes), and a one-shot `notes-find` would
    /// spend about as much opening the second connection.
    static let minimumNotes = 200_000

    /// The notes `match` matches, as ``MatchStatistics/walk(_:_:into:limit:)`` gives them (ascending ids),
    /// walked in two halves at once; `nil` when the walk cannot be split (see above), and the caller walks it
    /// whole.
    static func walk(_ match: String, _ db: Connection, _ statistics: MatchStatistics) throws -> [MatchStatistics.Row]? {
        guard !db.isWriting, let helper = Helper.of(db).connection,
              let top = try db.scalarValue("SELECT max(rowid) FROM notes_fts_docsize").flatMap(Self.integer),
              top > 1 else { return nil }
        let state = try indexState(db)
        try helper.execute("BEGIN DEFERRED")
        guard try indexState(helper) == state else {
            try? helper.execute("ROLLBACK")
            return nil
        }
        let job = Job(helper: helper, match: match, from: top / 2 + 1, statistics: statistics)
        let thread = Thread { job.run() }
        thread.start()
        var rows: [MatchStatistics.Row] = []
        var failure: Error?
        do {
            try statistics.walk(match, db, into: &rows, below: top / 2 + 1)
        } catch {
            failure = error
        }
        job.done.wait()
        try? helper.execute("COMMIT")
        if let failure { throw failure }
        if let error = job.error { throw error }
        return rows + job.rows
    }

    /// Rows 1 and 10 of `notes_fts_data` as `db` reads them.
    private static func indexState(_ db: Connection) throws -> [[UInt8]] {
        try db.query("SELECT block FROM notes_fts_data WHERE id IN (1, 10) ORDER BY id") { $0.blob(0) ?? [] }
    }

    private static func integer(_ value: SQLiteValue) -> Int64? {
        if case .integer(let number) = value { return number }
        return nil
    }

    /// The second connection, opened on first use with the first one's configuration; none for a database
    /// that cannot be opened twice (in memory) or when opening fails.
    private final class Helper {
        let connection: Connection?

        init(_ db: Connection) {
            let path = db.path
            connection = path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:")
                ? nil : try? NoteIndex.open(path, mode: .readOnly, configuration: db.configuration)
        }

        static func of(_ db: Connection) -> Helper { db.attachment("notes-fts.split-walk") { Helper(db) } }
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
