import CSQLite
import Foundation
import SQLiteKit

extension NoteIndex {
    /// How a bulk first build fills `notes_fts`.
    package enum BulkFullText: Sendable {
        /// Drop the triggers, load `notes`, then one `'rebuild'` (tokenizing runs after the load, alone).
        case rebuildAfterLoad
        /// Keep the triggers inside the one bulk transaction (tokenizing overlaps reading and parsing).
        case triggersDuringLoad
        /// Drop the triggers and insert each note into `notes_fts` right after `notes`, with single-row
        /// statements and no savepoints (FTS5 flushes its pending terms at every savepoint, including the
        /// statement journal a trigger or multi-row statement opens), so tokenizing overlaps reading and parsing.
        case insertDuringLoad
    }

    /// How a bulk first build runs; the defaults were chosen by measurement (Benchmarks/README.md).
    package struct BulkLoadSettings: Sendable {
        /// How `notes_fts` is filled.
        package var fullText = BulkFullText.insertDuringLoad
        /// `PRAGMA synchronous` during the build (the connection's own setting is restored afterwards).
        package var synchronous = "NORMAL"
        /// FTS5 `hashsize` (bytes of pending index data held in memory before a segment is written) stored in
        /// the index: fewer, larger segments mean less merging; `nil` keeps FTS5's 1 MB.
        package var fullTextHashSize: Int? = 64 * 1024 * 1024
        /// Whether each note goes into `notes_fts` as it is inserted (``BulkFullText/insertDuringLoad``), so a
        /// batch must not open a savepoint.
        package var insertsFullTextDirectly: Bool { fullText == .insertDuringLoad }
        /// Seconds between commits of a first build (`nil`: one transaction): what Ctrl-C or a crash can lose,
        /// and what bounds the write-ahead log (each commit lets the checkpoint recycle it).
        package var commitInterval: Double? = 2
        /// Whether the build fills the word list (``Vocabulary``: word forms and typo correction). Only the
        /// benchmark turns it off, to measure what the feature costs a build (`notes-bench --tune`).
        package var fillsWordList = true
        /// Whether the build fills the top-k side tables (``RankingTables``). Only the benchmark turns it off,
        /// to measure what they cost; without them every query is scored in full.
        package var fillsRankingTables = true
        /// Whether a second writer indexes part of the notes in a side file, spliced in at the end
        /// (``FullTextSideWriter``, ``FullTextSplice``), so the full-text work uses both cores.
        package var sideFullTextWriter = true
        /// Bytes of text the side writer's queue may hold before the writer indexes notes itself (tests make it
        /// small, so both writers index some). Enough for the side to index while the writer commits (0.5–0.8 s
        /// a commit at 100,000 notes, about 9 MB of text a second on the side): with 4 MB it ran dry.
        package var sideQueueBytes = 16 << 20
        /// Called with the side file's path once the notes are committed and the side writer has finished,
        /// before its segments are spliced in (tests stop the build there, as a crash would, or spoil the file).
        package var beforeSplice: (@Sendable (String) throws -> Void)?
        /// Called once the splice has copied the side's data rows, before its last transaction (tests write the
        /// index there from another connection).
        package var duringSplice: (@Sendable () throws -> Void)?
        /// How much each transaction of the fill at the end of the build writes at most (tests make it small).
        package var fill = FirstBuildFill()
        /// Creates the measured defaults.
        package init() {}
    }

    /// A note's stored column values, computed where the note was parsed (off the writer thread): text
    /// NFC-normalised, tags cleaned and joined, dates formatted. The one note→row conversion: every write
    /// binds these.
    struct NoteRow: Sendable {
        var path: String
        var position: Int
        var line: Int
        var title: String
        var body: String
        var tags: String
        var created: String?
        var modified: String?
        /// Aliases, one a line.
        var aliases: String
        var createdFrom: String?
        var modifiedFrom: String?

        /// The row `note` is stored as, at `position` of `path`.
        init(_ note: Note, path: String, position: Int) {
            self.path = path
            self.position = position
            line = note.line
            title = TextNormalization.normalize(note.title)
            body = TextNormalization.normalize(note.body)
            tags = TagList.join(note.tags)
            created = note.created.map(Timestamp.format)
            modified = note.modified.map(Timestamp.format)
            aliases = note.aliases.map { TextNormalization.normalize($0).trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }.joined(separator: "\n")
            createdFrom = note.created == nil ? nil : (note.createdFrom ?? .note).rawValue
            modifiedFrom = note.modified == nil ? nil : (note.modifiedFrom ?? .note).rawValue
        }

        /// The text `notes_fts` indexes as the title (``Schema/indexedTitle(_:)``, computed here).
        var indexedTitle: String { aliases.isEmpty ? title : title + "\n" + aliases }

        /// The columns ``values`` fill, in order.
        static let columns = "path, position, line, title, body, tags, created, modified, aliases, created_from, modified_from"

        /// The values of ``columns``, as `?1`…`?11`.
        var values: [SQLiteValue] {
            [.text(path), .integer(Int64(position)), .integer(Int64(line)), .text(title), .text(body), .text(tags),
             SQLiteValue(created), SQLiteValue(modified), .text(aliases), SQLiteValue(createdFrom), SQLiteValue(modifiedFrom)]
        }
    }

    /// Whether the index holds no note and has read no source: only then may a first build bulk load (every
    /// file is new, so no note can take the trigger-less upsert path while `notes_fts` is fed row by row).
    func isEmpty() throws -> Bool {
        try wrap {
            try connection.scalarInt("SELECT EXISTS (SELECT 1 FROM notes) OR EXISTS (SELECT 1 FROM sources)") == 0
        }
    }

    /// Whether a first build stopped before it finished (Ctrl-C, a crash): what it committed is a consistent
    /// index, and the next run may continue it in bulk (files it did not store have no notes yet).
    package func hasUnfinishedFirstBuild() throws -> Bool {
        try wrap { try Self.hasUnfinishedFirstBuild(connection) }
    }

    /// ``hasUnfinishedFirstBuild()`` on `db` (also read while the index opens).
    static func hasUnfinishedFirstBuild(_ db: Connection) throws -> Bool {
        try db.scalarInt("SELECT count(*) FROM meta WHERE key = 'first_build'") == 1
    }

    /// Claims the first build for this process, inside the build's first transaction: a first build marked by
    /// another process that still runs is another `notes-index` building now, refused as the lock it is (two
    /// builds both continued the same one and both finished it; the second failed on the first's rows). The
    /// mark of a process that is gone (a crash, a kill) is taken over.
    static func claimFirstBuild(_ db: Connection, path: String) throws {
        let process = Int64(getpid())
        if let owner = try firstBuildOwner(db), owner != process {
            throw SQLiteError(code: SQLITE_BUSY, message: "another notes-index (process \(owner)) is building \(path)")
        }
        try db.run("""
            INSERT INTO meta(key, value) VALUES ('first_build_owner', ?1) ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, [.integer(process)])
    }

    /// The process that marked the first build of `db` as its own, if it still runs (this one included).
    static func firstBuildOwner(_ db: Connection) throws -> Int64? {
        // `meta.value` is text: read as a number.
        guard let owner = try db.scalarInt("SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'first_build_owner'"),
              owner > 0, kill(pid_t(owner), 0) == 0 || errno == EPERM else { return nil }
        return Int64(owner)
    }

    /// Runs `body` as a bulk first build (``BulkLoadSession``): transactions without the sync triggers,
    /// committed every ``BulkLoadSettings/commitInterval`` as `body` calls ``BulkLoadSession/commitIfDue()``,
    /// `synchronous` as `settings` say and FTS5's `hashsize` raised; after `body`, a `'rebuild'` if asked, the
    /// triggers again and a commit of the notes, then the word list (``Vocabulary``) and the top-k side tables
    /// in transactions of bounded size (``finishFirstBuild(_:)``), the last of which clears the mark. A failure
    /// rolls back only the open transaction: what was committed stays, marked unfinished so the next run
    /// continues it. `synchronous` is restored.
    func bulkLoad<T>(_ settings: BulkLoadSettings, _ body: (BulkLoadSession) throws -> T) throws -> T {
        try RunningBuilds.shared.running(path) { try bulkLoadRunning(settings, body) }
    }

    /// ``bulkLoad(_:_:)``, with this build in ``RunningBuilds``.
    private func bulkLoadRunning<T>(_ settings: BulkLoadSettings, _ body: (BulkLoadSession) throws -> T) throws -> T {
        try wrap {
            let synchronousBefore = try connection.scalarInt("PRAGMA synchronous")
            defer { if let synchronousBefore { try? connection.execute("PRAGMA synchronous=\(synchronousBefore)") } }
            try connection.execute("PRAGMA synchronous=\(settings.synchronous)")
            var paused = false
            let session = BulkLoadSession(connection: connection, settings: settings)
            try session.begin()
            do {
                if let size = settings.fullTextHashSize {
                    try connection.run("INSERT INTO notes_fts(notes_fts, rank) VALUES ('hashsize', ?1)", [.integer(Int64(size))])
                }
                // Before the claim: a lost side file is repaired only once its build's process is gone.
                try Self.repairLostSideBuild(connection, path: path, continuing: Int64(getpid()))
                try Self.claimFirstBuild(connection, path: path)
                try connection.execute("INSERT OR IGNORE INTO meta(key, value) VALUES ('first_build', 'incomplete')")
                if usesSideWriter(settings) {
                    try setAutomerge(paused: true)
                    paused = true
                    session.sideWriter = try startSideWriter(queueLimit: settings.sideQueueBytes)
                }
                let value = try body(session)
                if settings.fullText == .rebuildAfterLoad {
                    try connection.execute("INSERT INTO notes_fts(notes_fts) VALUES ('rebuild')")
                }
                if session.commitsAsItGoes {
                    try session.commit()
                    var scan: VocabularyScan?
                    if let side = session.sideWriter {
                        // While the side writes its last segment: the writer's own segments, left unmerged by the
                        // pause, become one.
                        try connection.execute("INSERT INTO notes_fts(notes_fts) VALUES ('optimize')")
                        session.sideWriter = nil
                        defer { side.cancel() }
                        scan = try spliceSideWriter(side, settings: settings)
                    }
                    try finishFirstBuild(settings, scan: scan, restoresAutomerge: paused)
                } else {
                    try fillDerivedTables(settings, step: {})
                    try session.commit()
                }
                return value
            } catch {
                session.rollback()
                session.sideWriter?.cancel()
                // A commit of the load may have kept the pause; the next first build restores it otherwise. Only
                // this build's pause: one refused (another process builds) must not touch that build's.
                if paused { try? setAutomerge(paused: false) }
                throw error
            }
        }
    }

    /// Inserts the notes of a file the index has never seen, and its `sources` row: plain INSERTs, no lookup
    /// of existing rows. Only for a first build into an empty index (inside ``bulkLoad(_:_:)``), where every
    /// path is new (or, continuing an unfinished first build, not yet stored); anything else goes through
    /// ``replaceNotes(of:with:)``.
    ///
    /// With `alsoFullText`, each note also goes into `notes_fts` at once (the triggers are dropped), or to
    /// `side`, when it takes it, for the splice at the end of the build.
    func insertNewSource(_ source: SourceFile, rows: [NoteRow], indexedAt: String, alsoFullText: Bool = false,
                         side: FullTextSideWriter? = nil) throws {
        try wrap {
            for row in rows {
                try connection.run("""
                    INSERT INTO notes(\(NoteRow.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
                    """, row.values)
                guard alsoFullText else { continue }
                let entry = FullTextSideWriter.Row(rowID: connection.lastInsertRowID, title: row.indexedTitle, body: row.body, tags: row.tags)
                if side?.offer(entry) != true {
                    try connection.run("INSERT INTO notes_fts(rowid, title, body, tags) VALUES (?1, ?2, ?3, ?4)",
                                       [.integer(entry.rowID), .text(entry.title), .text(entry.body), .text(entry.tags)])
                }
            }
            try recordSource(source, indexedAt: indexedAt)
        }
    }
}
