import Foundation
import SQLiteKit

extension NoteIndex {
    /// The `meta` key a first build sets while some notes' full-text entries are in its side file
    /// (``FullTextSideWriter``), committed with the first notes and cleared by the splice
    /// (``FullTextSplice``). A build that stopped in between left notes that `notes_fts` does not know: the
    /// build that continues it rebuilds `notes_fts` first (``repairLostSideBuild()``).
    static let sideBuildMetaKey = "first_build_side"

    /// Whether this first build gives part of its full-text work to a side writer: only when each note goes
    /// into `notes_fts` as it is stored and the build commits as it goes, and only with an SQLite whose FTS5
    /// structure record ``FullTextStructure`` can read.
    func usesSideWriter(_ settings: BulkLoadSettings) -> Bool {
        settings.sideFullTextWriter && settings.fullText == .insertDuringLoad && settings.commitInterval != nil
            && FullTextSplice.isSupported
    }

    /// FTS5's `automerge` of `notes_fts`: 0 while a first build shares its full-text work with a side writer
    /// (`paused`, until the splice is done), else FTS5's default, 4 (nothing else here sets it, so a build that
    /// stopped paused is restored by the next).
    ///
    /// The splice lays out the segments of both writers anew only where `notes_fts` has no merge in progress
    /// (``FullTextStructure/splicing(_:renumbered:)``); with one, the index's segments stay where they are,
    /// the writer's last flush on level 0 among them, and the next incremental run merges that level again (one
    /// 1%-changed re-run at 100k notes took 10.3 s instead of 4.0–4.6 s). Unpaused, one build of 100k notes in
    /// four ended with level 0 mid-merge. FTS5's crisis merge (16 segments on a level) still runs, whole.
    func setAutomerge(paused: Bool) throws {
        try connection.run("INSERT INTO notes_fts(notes_fts, rank) VALUES ('automerge', ?1)", [.integer(paused ? 0 : 4)])
    }

    /// If a first build stopped (a crash, a kill) while its side file held full-text entries, rebuilds
    /// `notes_fts` from the stored notes (what the side file held is lost with it), clears the mark and
    /// removes the stale side file, so the index is consistent again: called by every read-write open (in a
    /// transaction of its own) and inside the first transaction of a first build. Nothing is done while the
    /// build's process still runs (its side file is in use), unless it is `continuing` process: a first build
    /// continues the one this process stopped.
    static func repairLostSideBuild(_ db: Connection, path: String, continuing process: Int64? = nil) throws {
        guard try hasSideMark(db) else { return }
        if let owner = try runningOwner(db, path: path), owner != process { return }
        try db.transaction(.immediate) {
            try db.execute("INSERT INTO notes_fts(notes_fts) VALUES ('rebuild')")
            try db.run("DELETE FROM meta WHERE key = ?1", [.text(sideBuildMetaKey)])
        }
        FullTextSideWriter.removeFiles(of: FullTextSideWriter.path(forIndex: path))
    }

    /// The process of the first build of `db` that runs now with part of its notes' text in its side file, if
    /// one does. This process's own build counts only while it runs (``RunningBuilds``): once it has failed,
    /// an app that opens the index again repairs it.
    static func runningSideBuild(_ db: Connection, path: String) throws -> Int64? {
        try hasSideMark(db) ? runningOwner(db, path: path) : nil
    }

    /// Whether `db` carries ``sideBuildMetaKey``.
    private static func hasSideMark(_ db: Connection) throws -> Bool {
        try db.scalarInt("SELECT count(*) FROM meta WHERE key = ?1", [.text(sideBuildMetaKey)]) == 1
    }

    /// The process whose first build of `db` runs now (``firstBuildOwner(_:)``), this one only while its build
    /// runs.
    private static func runningOwner(_ db: Connection, path: String) throws -> Int64? {
        guard let owner = try firstBuildOwner(db), owner != Int64(getpid()) || RunningBuilds.shared.contains(path) else {
            return nil
        }
        return owner
    }

    /// Inside the first transaction of a first build: marks the index (``sideBuildMetaKey``) and starts a side
    /// writer with `notes_fts`'s definition and its FTS5 settings.
    func startSideWriter(queueLimit: Int) throws -> FullTextSideWriter {
        guard let tableSQL = try connection.scalarText("SELECT sql FROM sqlite_master WHERE name = 'notes_fts'") else {
            throw SQLiteError(code: 1, message: "no notes_fts table")
        }
        let settings = try connection.query("""
            SELECT k, v FROM notes_fts_config WHERE k IN ('pgsz', 'hashsize') ORDER BY k
            """) { ($0.text(0) ?? "", $0.value(1)) }
        try connection.run("INSERT OR REPLACE INTO meta(key, value) VALUES (?1, 'side file')", [.text(Self.sideBuildMetaKey)])
        return FullTextSideWriter(indexPath: path, tableSQL: tableSQL, settings: settings, queueLimit: queueLimit)
    }

    /// After a first build's notes are committed: lets `side` finish, splices its segments into `notes_fts`
    /// through a connection of its own (so this one's FTS5 reads the new structure at its next statement:
    /// FTS5 checks `PRAGMA data_version` whenever it opens a cursor or a write), and removes the side file. A
    /// side that took no note is only removed.
    ///
    /// With the word list to fill, it first starts the fill's word scan (``VocabularyScan``) over the index
    /// and then the side file, and returns it for ``finishFirstBuild(_:scan:)``: the scan reads the index
    /// while the side writes its last segment, the splice copies its first step meanwhile and commits it once
    /// the scan has read the index (no snapshot held while the log could start over), and copies the rest while
    /// the scan reads the side file.
    func spliceSideWriter(_ side: FullTextSideWriter, settings: BulkLoadSettings) throws -> VocabularyScan? {
        // The index's words are read while the side writes its last segment; the side's once it has.
        var scan = settings.fillsWordList
            ? VocabularyScan(paths: [path, side.path], configuration: Self.fillScanConfiguration,
                             spellingPairsPerPass: settings.fill.spellingPairsPerStep,
                             beforeFile: { if $0 > 0 { side.waitUntilDone() } }) : nil
        do {
            try side.finish()
            try settings.beforeSplice?(side.path)
            guard side.rowCount > 0 else {
                try connection.run("DELETE FROM meta WHERE key = ?1", [.text(Self.sideBuildMetaKey)])
                scan?.waitForAllFiles()
                FullTextSideWriter.removeFiles(of: side.path)
                return scan
            }
            var configuration = Self.fillScanConfiguration
            configuration.cacheSizeKiB = 8 * 1024
            configuration.switchesToWAL = false
            // The side file is attached read-only: the word scan reads it while the splice commits.
            configuration.acceptsURIs = true
            let splicer = try Self.open(path, mode: .readWrite, configuration: configuration)
            defer { splicer.close() }
            do {
                // The first step is copied while the word scan reads the index, and committed once it has.
                try FullTextSplice.splice(into: splicer, from: side.path, beforeFirstCommit: { scan?.waitForFirstFile() },
                                          afterCopying: settings.duringSplice)
            } catch is FullTextSplice.Refusal {
                scan?.waitForFirstFile()
                try indexAgain(noteIDsIn: side.path, with: splicer)
                // The side file may not read either: the fill scans the index itself.
                scan?.wait()
                scan = nil
            }
            scan?.waitForAllFiles()
        } catch {
            scan?.wait()
            throw error
        }
        FullTextSideWriter.removeFiles(of: side.path)
        return scan
    }

    /// When the side's segments cannot be spliced (a record in a format this build does not know): indexes
    /// the notes the side held into `notes_fts` once more, from the stored notes, in one transaction, and
    /// clears the mark. Slower than the splice, never wrong.
    private func indexAgain(noteIDsIn sidePath: String, with db: Connection) throws {
        try db.attach(sidePath, as: "side", readOnly: true)
        defer { try? db.execute("DETACH DATABASE side") }
        try db.transaction(.immediate) {
            try db.execute("""
                INSERT INTO main.notes_fts(rowid, title, body, tags)
                    SELECT id, title, body, tags FROM main.notes_fts_content WHERE id IN (SELECT id FROM side.notes_fts_docsize)
                """)
            try db.run("DELETE FROM main.meta WHERE key = ?1", [.text(Self.sideBuildMetaKey)])
        }
    }
}
