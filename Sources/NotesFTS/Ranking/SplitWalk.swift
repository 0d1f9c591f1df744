import Foundation
import SQLiteKit

/// One FTS5 walk of a MATCH (``MatchStatistics/walk(_:_:into:limit:from:below:)``) split in two by note id
/// and run on two cores: the lower ids on the query's connection, the upper ids on a second read-only
/// connection kept with it. What a phrase of two common words costs is FTS5 stepping through both words'
/// doclists (about 2,000 instructions a note holding both: `"read itparox"` at 1,000,000 notes, 66,000 such
/// notes for 243 matches); FTS5 seeks to a rowid range, so each half steps through about half of them.
///
/// The halves are one answer because both connections read the same snapshot (``HelperConnection`` says
/// when they do; when they do not, the walk is whole on the query's connection).
enum SplitWalk {
    /// Indexes from this many notes have their one-term and phrase walks split. Below, a walk takes a few
    /// milliseconds at most (1.8 ms for `"read itparox"` at 100,000 notes), not worth a second connection.
    static let minimumNotes = 200_000

    /// The notes `match` matches, as ``MatchStatistics/walk(_:_:into:limit:from:below:)`` gives them (ascending
    /// ids), walked in two halves at once; `nil` when the walk is not split (see above), and the caller walks it
    /// whole.
    static func walk(_ match: String, _ db: Connection, _ statistics: MatchStatistics) throws -> [MatchStatistics.Row]? {
        guard !db.isAutocommit, !db.isWriting else { return nil }
        let helper = HelperConnection.of(db)
        guard helper.connection != nil else { return nil }
        guard let top = try db.scalarInt("SELECT max(rowid) FROM notes_fts_docsize").map(Int64.init), top > 1 else {
            helper.record(db)
            return nil
        }
        guard let connection = helper.begin(matching: db) else { return nil }
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
        helper.end(db)
        if let failure { throw failure }
        // The second connection failed (busy, out of memory): its half is walked here instead.
        if job.error != nil {
            try statistics.walk(match, db, into: &rows, from: middle)
            return rows
        }
        return rows + job.rows
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
