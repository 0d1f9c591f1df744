import CSQLite
import SQLiteKit

extension NoteIndex {
    /// The outcome of ``NoteIndex/checkIntegrity()``.
    package struct IntegrityReport: Sendable, Equatable {
        /// `PRAGMA integrity_check` said `ok`.
        package var databaseOK: Bool
        /// What `PRAGMA integrity_check` reported when it was not `ok`.
        package var databaseProblems: [String]
        /// The FTS5 integrity check (comparing the index with `notes`) passed.
        package var fullTextOK: Bool
        /// SQLite's message when the FTS5 check failed.
        package var fullTextProblem: String?
        /// The FTS5 check could not run: it is a write (`INSERT … 'integrity-check'`, which changes nothing) and
        /// the index is read-only to this process. ``fullTextOK`` is then `false` and ``fullTextProblem`` SQLite's
        /// message; nothing is known to be wrong.
        package var fullTextNeedsWrite = false
        /// The process of a first build that runs now with part of its notes' text in its side file
        /// (``FullTextSideWriter``): the FTS5 check fails until that build has spliced it in.
        package var buildingProcess: Int64?
        /// Both checks passed.
        package var isOK: Bool { databaseOK && fullTextOK }
    }

    /// Runs `PRAGMA integrity_check` and FTS5's `integrity-check` with content comparison (rank = 1).
    package func checkIntegrity() throws -> IntegrityReport {
        try wrap {
            let messages = try connection.query("PRAGMA integrity_check") { $0.text(0) ?? "" }
            let databaseOK = messages == ["ok"]
            var fullTextProblem: String?
            var needsWrite = false
            do {
                try connection.run("INSERT INTO notes_fts(notes_fts, rank) VALUES ('integrity-check', 1)")
            } catch let error as SQLiteError {
                fullTextProblem = error.message
                needsWrite = error.code == SQLITE_READONLY
            }
            // integrity_check returns one row holding every problem, lines apart.
            let problems = databaseOK ? [] : messages.flatMap { $0.split(separator: "\n").map(String.init) }
            return IntegrityReport(databaseOK: databaseOK, databaseProblems: problems, fullTextOK: fullTextProblem == nil,
                                   fullTextProblem: fullTextProblem, fullTextNeedsWrite: needsWrite,
                                   buildingProcess: try Self.runningSideBuild(connection, path: path))
        }
    }

    /// Rebuilds `notes_fts` from `notes`, and beside it the word list (``Vocabulary``) and the top-k side
    /// tables (``RankingTables``), in one transaction (after a crash, or to recover from a failed check).
    package func rebuildFullText() throws {
        try transaction {
            try connection.run("INSERT INTO notes_fts(notes_fts) VALUES ('rebuild')")
            try Vocabulary.rebuild(connection)
            try RankingTables.rebuild(connection, settings: rankingSettings)
        }
    }

    /// Recomputes the top-k side tables (``RankingTables``) from `notes`, in the current transaction if there
    /// is one, else in one of its own.
    package func rebuildRankingTables() throws {
        try wrap { try connection.transaction(.immediate) { try RankingTables.rebuild(connection, settings: rankingSettings) } }
    }

    /// Fills the word list (``Vocabulary``) again from `notes_fts`, in one transaction: what a build, a rebuild
    /// and the upgrade to schema v5 do (exposed for the benchmark, which times it).
    package func rebuildVocabulary() throws {
        try transaction { try Vocabulary.rebuild(connection) }
    }

    /// Merges the full-text index's segments into one (smaller file, faster queries); run after large builds.
    package func optimizeFullText() throws {
        try transaction { try connection.run("INSERT INTO notes_fts(notes_fts) VALUES ('optimize')") }
    }
}
