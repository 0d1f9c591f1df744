import NotesTokenizer
import SQLiteKit

/// The index's schema and the numbered migrations that build and upgrade it.
///
/// `PRAGMA user_version` records the version a file is at; opening a file runs each migration above it in
/// one transaction, so an index written by an older version is upgraded in place and never deleted.
/// The table names are a public contract: other tools query them.
///
/// - `notes`: one row a note (`id`, `path`, `position`, `line`, `title`, `body`, `tags`, `created`, `modified`,
///   and from v3 `aliases`, `created_from`, `modified_from`);
/// - `notes_fts`: FTS5 over `title` (with the aliases), `body`, `tags` with `content='notes_fts_content'` (a
///   view of `notes`, from v3; `content='notes'` before), synced by three triggers;
/// - `sources`: one row a file read (`path`, `size`, `mtime_ns`, `hash`, `indexed_at`), for incremental runs;
/// - `meta` (from v2): `key`/`value` facts about the index; `tokenizer` names the tokenizer `notes_fts` was
///   built with (``CJKTokenizer/name``, e.g. `notes_cjk_v1`, or `unicode61`);
/// - `roots` (from v4): the files and folders `notes-index` was asked to index (`path`, `indexed_at`);
/// - `vocabulary` and `spelling` (from v5): the index's English words with their stems and deletion
///   neighbourhoods, for word forms and typo tolerance (``Vocabulary``); from v8 `spelling` holds the
///   deletion neighbourhoods of the words' seven-letter prefixes, grouped 4,096 keys a row (``SpellingKeys``);
/// - `topk_terms`, `topk_head` and `topk_log` (from v6): the top-k side tables of ranked search
///   (``RankingTables``); `topk_postings` (from v7): the complete posting lists of the tracked words;
///   `topk_sizes` (from v9): every note's size in tokens, 1,024 notes a row (``SizeBlocks``); `topk_upper` and
///   `topk_terms.cut` (from v10): the tracked words' upper tiers (``UpperTier``); `topk_heads` (from v11, in
///   place of `topk_head`): the impact heads as posting blocks; `topk_families` and `topk_family_postings` (from
///   v12): the lone tracked words' families, the notes of their prefixes' other expansions;
///   `topk_prefixes` and `topk_prefix_heads` (from v13, in place of the families): each tracked word's prefix
///   as one word (``PrefixHead``); `topk_phrases` and `topk_phrase_heads` (from v14): each frequent phrase of two
///   tracked words as one word (``PhraseHead``).
package enum Schema {
    /// The schema version this library writes and the newest it can read.
    package static let currentVersion = 14

    /// The oldest version a read-only open searches as it is: searching needs nothing added since (v4 only
    /// added `roots`; without v5's vocabulary, words are matched exactly as typed until `notes-index` upgrades
    /// the index), so `notes-find` keeps working on an index no `notes-index` has upgraded yet.
    package static let oldestSearchableVersion = 3

    /// `PRAGMA application_id` of a notes-fts index ("NFTS"), to tell it from other SQLite files.
    package static let applicationID: Int32 = 0x4E46_5453

    /// bm25 column weights (title, body, tags): a title hit outweighs a tag hit, which outweighs body text.
    package static let rankWeights = (title: 10.0, body: 1.0, tags: 4.0)

    /// The `bm25(notes_fts, …)` call with the weights above.
    static let bm25Expression = "bm25(notes_fts, \(rankWeights.title), \(rankWeights.body), \(rankWeights.tags))"

    /// The triggers of schema versions 1 and 2 (frozen: migration 1 creates them).
    private static let triggerSQLVersion1 = """
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

    /// The text `notes_fts` indexes as a note's title: the title, then its aliases on the next line (so an
    /// alias is found and weighted like the title while `notes.title` stays the title shown). `row` is the
    /// row's name in SQL (`new`, `old`, or a table).
    static func indexedTitle(_ row: String) -> String {
        "CASE WHEN \(row).aliases = '' THEN \(row).title ELSE \(row).title || char(10) || \(row).aliases END"
    }

    /// The triggers that keep `notes_fts` in step with `notes`; the update one fires only for indexed columns.
    /// From v6 each also logs the change for the top-k side tables (``RankingTables``): the old indexed text
    /// going out, the note's id coming in.
    static let triggerSQL = """
        CREATE TRIGGER notes_ai AFTER INSERT ON notes BEGIN
          INSERT INTO notes_fts(rowid, title, body, tags) VALUES (new.id, \(indexedTitle("new")), new.body, new.tags);
          INSERT INTO topk_log(note) VALUES (new.id);
        END;
        CREATE TRIGGER notes_ad AFTER DELETE ON notes BEGIN
          INSERT INTO notes_fts(notes_fts, rowid, title, body, tags)
            VALUES ('delete', old.id, \(indexedTitle("old")), old.body, old.tags);
          INSERT INTO topk_log(note, title, body, tags) VALUES (old.id, \(indexedTitle("old")), old.body, old.tags);
        END;
        CREATE TRIGGER notes_au AFTER UPDATE OF title, body, tags, aliases ON notes BEGIN
          INSERT INTO notes_fts(notes_fts, rowid, title, body, tags)
            VALUES ('delete', old.id, \(indexedTitle("old")), old.body, old.tags);
          INSERT INTO notes_fts(rowid, title, body, tags) VALUES (new.id, \(indexedTitle("new")), new.body, new.tags);
          INSERT INTO topk_log(note, title, body, tags) VALUES (old.id, \(indexedTitle("old")), old.body, old.tags);
          INSERT INTO topk_log(note) VALUES (new.id);
        END;
        """

    /// The SQL that (re)creates `notes_fts` with `tokenizer` over ``fullTextContent``, sets its ranking and
    /// rebuilds it from `notes`.
    static func fullTextTableSQL(_ tokenizeOption: String) -> String {
        """
        DROP TABLE IF EXISTS notes_fts;
        CREATE VIRTUAL TABLE notes_fts USING fts5(
          title, body, tags,
          content='\(fullTextContent)', content_rowid='id',
          tokenize='\(tokenizeOption)'
        );
        INSERT INTO notes_fts(notes_fts, rank) VALUES ('rank', 'bm25(\(rankWeights.title), \(rankWeights.body), \(rankWeights.tags))');
        INSERT INTO notes_fts(notes_fts) VALUES ('rebuild');
        """
    }

    /// The view `notes_fts` reads its content from (from v3): `notes` with the indexed title
    /// (``indexedTitle(_:)``), so snippets and FTS5's integrity-check see exactly the indexed text.
    static let fullTextContent = "notes_fts_content"

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
        \(triggerSQLVersion1)
        """,
        // 2: the CJK tokenizer (bigrams for Hangul, Han and kana), and a meta table recording it. The name
        // is spelled out: later tokenizer versions are handled by `ensureTokenizer`, not by editing this.
        """
        CREATE TABLE meta (
          key   TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) WITHOUT ROWID;
        DROP TABLE notes_fts;
        CREATE VIRTUAL TABLE notes_fts USING fts5(
          title, body, tags,
          content='notes', content_rowid='id',
          tokenize='notes_cjk_v1 remove_diacritics 2'
        );
        INSERT INTO notes_fts(notes_fts, rank) VALUES ('rank', 'bm25(\(rankWeights.title), \(rankWeights.body), \(rankWeights.tags))');
        INSERT INTO meta(key, value) VALUES ('tokenizer', 'notes_cjk_v1');
        INSERT INTO notes_fts(notes_fts) VALUES ('rebuild');
        """,
        // 3: aliases (indexed with the title through the notes_fts_content view) and where each date came from.
        // `notes_fts` itself is recreated over the view by ``recreateFullTextAfterMigration(_:)``, with the
        // tokenizer the index has. Every source is marked unread, so the next run re-reads each file once to
        // fill the new columns (notes keep their ids: they are updated in place).
        """
        ALTER TABLE notes ADD COLUMN aliases TEXT NOT NULL DEFAULT '';
        ALTER TABLE notes ADD COLUMN created_from TEXT;
        ALTER TABLE notes ADD COLUMN modified_from TEXT;
        CREATE VIEW notes_fts_content AS
          SELECT id, \(indexedTitle("notes")) AS title, body, tags FROM notes;
        DROP TRIGGER IF EXISTS notes_ai;
        DROP TRIGGER IF EXISTS notes_ad;
        DROP TRIGGER IF EXISTS notes_au;
        UPDATE sources SET mtime_ns = -1, hash = '';
        """,
        // 4: the roots indexed, for --list-roots and --forget (an older index lists its roots once re-run).
        """
        CREATE TABLE roots (
          path       TEXT PRIMARY KEY,
          indexed_at TEXT NOT NULL
        ) WITHOUT ROWID;
        """,
        // 5: the vocabulary of Latin-script words with their stems and deletion neighbourhoods (word forms and
        // typo tolerance), filled from `notes_fts` by ``Vocabulary/rebuild(_:)`` after the last migration.
        Vocabulary.schemaSQLVersion5,
        // 6: the top-k side tables and the change log the triggers now keep (filled by the library on open).
        RankingTables.migrationSQL,
        // 7: the tracked words' complete posting lists (filled by the ranking-table rebuild on open).
        RankingTables.postingsMigrationSQL,
        // 8: `spelling` keyed by the deletions of each word's prefix, grouped 4,096 keys a row (``SpellingKeys``); the word
        // list is filled again by ``Vocabulary/rebuild(_:)`` right after (notes and `notes_fts` are untouched).
        SpellingKeys.schemaSQL,
        // 9: every note's size in a compact table for the top-k walks (``SizeBlocks``), filled right after from
        // `notes_fts_docsize`.
        SizeBlocks.schemaSQL,
        // 10: each tracked word's upper tier (``UpperTier``), filled by the ranking-table rebuild on open.
        RankingTables.upperTierMigrationSQL,
        // 11: the impact heads as posting blocks (`topk_heads`, a fifth of `topk_head`'s size), filled by the
        // ranking-table rebuild on open.
        RankingTables.headBlocksMigrationSQL,
        // 12: the lone tracked words' families, filled by the ranking-table rebuild on open (dropped by 13).
        RankingTables.familyMigrationSQL,
        // 13: each tracked word's prefix as one word (``PrefixHead``), filled by the ranking-table rebuild on open.
        RankingTables.prefixHeadMigrationSQL,
        // 14: each frequent phrase of two tracked words as one word (``PhraseHead``), filled by the ranking-table
        // rebuild on open.
        RankingTables.phraseHeadMigrationSQL,
    ]

    /// The part of migration 3 that SQL alone cannot say: `notes_fts` over the new view, with the tokenizer
    /// the index was built with, and the triggers.
    private static func recreateFullTextAfterMigration(_ db: Connection) throws {
        try db.execute(fullTextTableSQL(keptTokenizer(db).tokenizeOption))
        try db.execute(triggerSQL)
    }

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
                    if target == 3 { try recreateFullTextAfterMigration(db) }
                    // The word list is filled once, in the format of the last migration (v5 made it, v8 rekeyed it).
                    if target == SpellingKeys.schemaVersion { try Vocabulary.rebuild(db) }
                    if target == SizeBlocks.schemaVersion { try SizeBlocks.fill(db) }
                    try db.setUserVersion(target)
                }
            }
        }
    }

    /// Throws ``NotesFTSError/notAnIndex(path:)`` unless `db` is a notes-fts index (its `application_id`
    /// is ``applicationID``) or an empty file to make one of, whatever its `user_version`: reads only.
    static func checkIsIndex(_ db: Connection) throws {
        let objects = try db.scalarInt("SELECT count(*) FROM sqlite_schema") ?? 0
        let identifier = try db.scalarInt("PRAGMA application_id") ?? 0
        if identifier == Int(applicationID) { return }
        let version = try db.userVersion
        if objects == 0 && identifier == 0 && version == 0 { return }
        throw NotesFTSError.notAnIndex(path: db.path)
    }

    /// Checks, without writing, that `db` is an index this version can read as it is: the current schema,
    /// and a tokenizer this version has (an older CJK tokenizer version needs a read-write open to rebuild).
    static func validateReadable(_ db: Connection) throws {
        try validateSchemaVersion(db)
        let recorded = try recordedTokenizer(db)
        if let recorded, recorded != CJKTokenizer.name, recorded != FullTextTokenizer.unicode61.recordedName {
            throw NotesFTSError.tokenizerOutdated(path: db.path, found: recorded, current: CJKTokenizer.name)
        }
    }

    /// Refuses an index a newer notes-fts wrote, before anything is written to it (it stays byte-identical:
    /// switching it to WAL first changed its header).
    static func refuseNewer(_ db: Connection) throws {
        let version = try db.userVersion
        if version > currentVersion {
            throw NotesFTSError.newerSchema(path: db.path, found: version, supported: currentVersion)
        }
    }

    private static func validateSchemaVersion(_ db: Connection) throws {
        try refuseNewer(db)
        let version = try db.userVersion
        if version == 0 {
            // An empty file (made by hand, or a first build that has only switched the file to WAL so far)
            // holds no index yet; a file with tables of its own is another program's.
            let objects = try db.scalarInt("SELECT count(*) FROM sqlite_schema") ?? 0
            throw objects == 0 ? NotesFTSError.indexNotFound(path: db.path) : NotesFTSError.notAnIndex(path: db.path)
        }
        if version < oldestSearchableVersion {
            throw NotesFTSError.olderSchema(path: db.path, found: version, supported: currentVersion)
        }
    }
}
