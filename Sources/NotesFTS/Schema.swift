import SQLiteKit

/// The index's schema and the numbered migrations that build and upgrade it.
///
/// `PRAGMA user_version` records the version a file is at; opening a file runs each migration above it in
/// one transaction, so an index written by an older version is upgraded in place and never deleted.
/// The table names are a public contract: other tools query them.
///
/// - `notes`: one row a note (`id`, `path`, `position`, `line`, `title`, `body`, `tags`, `created`, `modified`);
/// - `notes_fts`: FTS5 over `title`, `body`, `tags` with `content='notes'`, synced by three triggers;
/// - `sources`: one row a file read (`path`, `size`, `mtime_ns`, `hash`, `indexed_at`), for incremental runs.
public enum Schema {
    /// The schema version this library writes and the newest it can read.
    public static let currentVersion = 1

    /// `PRAGMA application_id` of a notes-fts index ("NFTS"), to tell it from other SQLite files.
    public static let applicationID: Int32 = 0x4E46_5453

    /// bm25 column weights (title, body, tags): a title hit outweighs a tag hit, which outweighs body text.
    public static let rankWeights = (title: 10.0, body: 1.0, tags: 4.0)

    /// The `bm25(notes_fts, …)` call with the weights above.
    static let bm25Expression = "bm25(notes_fts, \(rankWeights.title), \(rankWeights.body), \(rankWeights.tags))"

    /// The triggers that keep `notes_fts` in step with `notes`; the update one fires only for indexed columns.
    static let triggerSQL = """
        CREATE TRIGGER notes_ai AFTER INSERT ON notes BEGIN
          INSERT INTO notes_fts(rowid, title, body, tags) VALUES (new.id, new.title, new.body, new.tags);
        END;
        CREATE TRIGGER notes_ad AFTER DELETE ON notes BEGIN
          INSERT INTO notes_fts(notes_fts, rowid, title, body, tags)
            VALUES ('delete', old.id, old.title, old.body, old.tags);
        END;
        CREATE TRIGGER notes_au AFTER UPDATE OF title, body, tags ON notes BEGIN
          INSERT INTO notes_fts(notes_fts, rowid, title, body, tags)
            VALUES ('delete', old.id, old.title, old.body, old.tags);
          INSERT INTO notes_fts(rowid, title, body, tags) VALUES (new.id, new.title, new.body, new.tags);
        END;
        """

    /// Drops the sync triggers (used only by a first full build, which recreates them in the same transaction).
    static let dropTriggersSQL = """
        DROP TRIGGER IF EXISTS notes_ai;
        DROP TRIGGER IF EXISTS notes_ad;
        DROP TRIGGER IF EXISTS notes_au;
        """

    /// Migration N takes a file from version N-1 to N. Append only; never edit a released one.
    static let migrations: [String] = [
        // 1: the first schema.
        """
        CREATE TABLE sources (
          path       TEXT PRIMARY KEY,
          size       INTEGER NOT NULL,
          mtime_ns   INTEGER NOT NULL,
          hash       TEXT NOT NULL,
          indexed_at TEXT NOT NULL
        );
        CREATE TABLE notes (
          id       INTEGER PRIMARY KEY,
          path     TEXT NOT NULL,
          position INTEGER NOT NULL DEFAULT 0,
          line     INTEGER NOT NULL DEFAULT 1,
          title    TEXT NOT NULL DEFAULT '',
          body     TEXT NOT NULL DEFAULT '',
          tags     TEXT NOT NULL DEFAULT '',
          created  TEXT,
          modified TEXT,
          UNIQUE (path, position)
        );
        CREATE INDEX notes_modified ON notes(modified);
        CREATE INDEX notes_created ON notes(created);
        CREATE VIRTUAL TABLE notes_fts USING fts5(
          title, body, tags,
          content='notes', content_rowid='id',
          tokenize='unicode61 remove_diacritics 2'
        );
        INSERT INTO notes_fts(notes_fts, rank) VALUES ('rank', 'bm25(\(rankWeights.title), \(rankWeights.body), \(rankWeights.tags))');
        \(triggerSQL)
        """,
    ]

    /// Brings the database on `db` to ``currentVersion``, in one transaction.
    ///
    /// Throws ``NotesFTSError/newerSchema(path:found:supported:)`` for a file from a newer version and
    /// ``NotesFTSError/notAnIndex(path:)`` for an SQLite file that holds something else.
    static func migrate(_ db: Connection) throws {
        try db.transaction {
            let version = try db.userVersion
            if version > currentVersion {
                throw NotesFTSError.newerSchema(path: db.path, found: version, supported: currentVersion)
            }
            if version == 0 {
                let existingID = try db.scalarInt("PRAGMA application_id") ?? 0
                let objects = try db.scalarInt("SELECT count(*) FROM sqlite_schema") ?? 0
                if objects > 0 && existingID != Int(Schema.applicationID) {
                    throw NotesFTSError.notAnIndex(path: db.path)
                }
                try db.execute("PRAGMA application_id=\(Schema.applicationID)")
            }
            if version < currentVersion {
                for target in (version + 1)...currentVersion {
                    try db.execute(migrations[target - 1])
                    try db.setUserVersion(target)
                }
            }
        }
    }

    /// Checks, without writing, that `db` is an index this version can read as it is.
    static func validateReadable(_ db: Connection) throws {
        let version = try db.userVersion
        if version > currentVersion {
            throw NotesFTSError.newerSchema(path: db.path, found: version, supported: currentVersion)
        }
        if version == 0 {
            throw NotesFTSError.notAnIndex(path: db.path)
        }
        if version < currentVersion {
            throw NotesFTSError.olderSchema(path: db.path, found: version, supported: currentVersion)
        }
    }
}
