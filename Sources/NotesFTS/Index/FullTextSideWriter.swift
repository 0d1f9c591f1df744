import Foundation
import SQLiteKit

/// A second FTS5 writer for a first build: a copy of `notes_fts` in a file of its own beside the index
/// (``path(forIndex:)``), filled on a thread of its own, so tokenizing and FTS5's hash, which cost the build's
/// writer most of its time, run on both cores. SQLite lets one connection write a table at a time; two tables
/// in two files can be written at once. At the end of the load ``FullTextSplice`` copies the side table's
/// segments into `notes_fts`.
///
/// The writer offers each note to ``offer(_:)``: the side takes it while its queue holds less than
/// ``queueLimit`` bytes of text, otherwise the writer indexes the note itself. So neither waits for the other,
/// and the side takes as much as it can keep up with.
///
/// The side file has no journal and is written in one transaction: it is scratch, and a build that stops
/// before the splice rebuilds `notes_fts` when it is continued (``NoteIndex/sideBuildMetaKey``).
final class FullTextSideWriter: @unchecked Sendable {
    // Sendable by construction: every field below is read and written under `condition`; the connection
    // lives on the side thread only.

    /// One note's indexed columns, under the `notes` row id it was stored with.
    struct Row: Sendable {
        var rowID: Int64
        var title: String
        var body: String
        var tags: String
    }

    /// Bytes of text waiting for the side thread above which ``offer(_:)`` declines.
    let queueLimit: Int
    /// The side file.
    let path: String
    private let condition = NSCondition()
    private var queue: [Row] = []
    private var queuedBytes = 0
    private var closing = false
    private var failure: (any Error)?
    private var done = false
    /// Whether the side thread waits for rows (only then does ``offer(_:)`` wake it).
    private var idle = false
    private var taken = 0

    /// The side file of the index at `indexPath`.
    static func path(forIndex indexPath: String) -> String { indexPath + "-build" }

    /// Starts the side thread: it creates the side file (removing a stale one) with `tableSQL` (the
    /// `CREATE VIRTUAL TABLE` of `notes_fts`), applies the FTS5 `settings` (name, value; as the index has
    /// them) with automerge off, and waits for rows.
    init(indexPath: String, tableSQL: String, settings: [(String, SQLiteValue)], queueLimit: Int = 4 << 20) {
        path = Self.path(forIndex: indexPath)
        self.queueLimit = queueLimit
        Self.removeFiles(of: path)
        let path = path
        Thread.detachNewThread { [self] in
            let result = Result { try fill(path: path, tableSQL: tableSQL, settings: settings) }
            condition.withLock {
                if case .failure(let error) = result { failure = error }
                done = true
                condition.broadcast()
            }
        }
    }

    /// Queues `row` for the side thread and returns `true`, or returns `false` (the caller indexes it) when
    /// the queue is full or the side thread failed.
    func offer(_ row: Row) -> Bool {
        let size = row.title.utf8.count + row.body.utf8.count + row.tags.utf8.count
        return condition.withLock {
            guard !closing, failure == nil, queuedBytes < queueLimit else { return false }
            queue.append(row)
            queuedBytes += size
            taken += 1
            if idle { condition.signal() }
            return true
        }
    }

    /// How many rows the side has taken.
    var rowCount: Int { condition.withLock { taken } }

    /// Lets the side thread index what is queued and commit; throws what it failed with.
    func finish() throws {
        try condition.withLock {
            closing = true
            condition.broadcast()
            while !done { condition.wait() }
            if let failure { throw failure }
        }
    }

    /// Waits until the side thread has ended (after ``finish()`` or ``cancel()``, called by another thread, or
    /// a failure).
    func waitUntilDone() {
        condition.withLock { while !done { condition.wait() } }
    }

    /// Stops the side thread without indexing what is queued, and removes the side file.
    func cancel() {
        condition.withLock {
            closing = true
            queue.removeAll()
            condition.broadcast()
            while !done { condition.wait() }
        }
        Self.removeFiles(of: path)
    }

    /// Removes the side file at `path` and its journal: regular files only (a folder of that name stays).
    static func removeFiles(of path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            var info = stat()
            guard lstat(path + suffix, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            unlink(path + suffix)
        }
    }

    /// The side thread: creates the table, then inserts rows until ``finish()``, in one transaction.
    private func fill(path: String, tableSQL: String, settings: [(String, SQLiteValue)]) throws {
        var configuration = Connection.Configuration()
        configuration.switchesToWAL = false
        configuration.synchronous = "OFF"
        configuration.cacheSizeKiB = 8 * 1024
        let db = try NoteIndex.open(path, mode: .readWrite, configuration: configuration)
        defer { db.close() }
        try db.execute("PRAGMA journal_mode=OFF; PRAGMA locking_mode=EXCLUSIVE")
        try db.execute(tableSQL)
        for (name, value) in settings + [("automerge", .integer(0))] {
            try db.run("INSERT INTO notes_fts(notes_fts, rank) VALUES (?1, ?2)", [.text(name), value])
        }
        try db.execute("BEGIN")
        let insert = try db.prepare("INSERT INTO notes_fts(rowid, title, body, tags) VALUES (?1, ?2, ?3, ?4)")
        defer { insert.finalize() }
        while let batch = nextBatch() {
            for row in batch {
                try insert.bind([.integer(row.rowID), .text(row.title), .text(row.body), .text(row.tags)])
                try insert.run()
            }
        }
        try db.execute("COMMIT")
    }

    /// The rows queued since the last call, waiting for some; `nil` once ``finish()`` or ``cancel()`` was
    /// called and nothing is left.
    private func nextBatch() -> [Row]? {
        condition.withLock {
            while queue.isEmpty && !closing {
                idle = true
                condition.wait()
                idle = false
            }
            guard !queue.isEmpty else { return nil }
            queuedBytes = 0
            defer { queue = [] }
            return queue
        }
    }
}
