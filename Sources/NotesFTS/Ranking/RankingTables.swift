import SQLiteKit

/// The side tables of the top-k path, in the index file beside `notes_fts` (schema v6):
///
/// - `topk_terms(term, df, frontier)`: each tracked (frequent) term, the exact number of notes holding it,
///   and the ``ImpactFrontier`` of its notes outside the head;
/// - `topk_heads(term, first, postings)` (from v11; `topk_head(term, note, frequency, size)`, a row a note,
///   before): each tracked term's impact head, the notes with the highest bm25 saturation when the tables were
///   built with the weighted frequency `f` and note size `D` bm25 needs, as blocks of a ``PostingList``;
/// - `topk_postings(term, first, postings)` (from v7): each tracked term's complete posting list, every note
///   holding it with `f` and `D`, in blocks keyed by their first note id (``PostingList``);
/// - `topk_upper(term, first, postings)` and `topk_terms.cut` (from v10): each tracked term's upper tier, the
///   notes with the highest saturation (by column from format 8, ``TierBlock``), and the frontier covering
///   the others (``UpperTier``);
/// - `topk_prefixes(term, df, frontier)` and `topk_prefix_heads(term, first, postings)` (from v13): each tracked
///   word's prefix as one word, its number of notes, frontier and impact head (``PrefixHead``; v12's
///   `topk_families` and `topk_family_postings`, which kept the notes of a lone word's other expansions, are
///   dropped by migration 13);
/// - `topk_phrases(term, df, frontier)` and `topk_phrase_heads(term, first, postings)` (from v14): each phrase of
///   two tracked words in as many notes as a tracked word, as one word (``PhraseHead``);
/// - `topk_log(seq, note, title, body, tags)`: what the triggers on `notes` saw since the tables were last
///   brought up to date (a row with text is a note's old values going out; without, a note id coming in).
///
/// The tables are derived data: ``rebuild(_:settings:)`` recomputes them from `notes` (after a first build,
/// `'rebuild'` or a tokenizer change) and ``applyLog(_:)`` replays the log at the end of every write
/// transaction of the library. A query uses them only when `meta` says they are built and the log is empty;
/// anything else is scored in full by FTS5.
enum RankingTables {
    /// The `meta` key whose value says the tables are built and for which format.
    static let metaKey = "topk"
    /// "7" from v14: the phrase heads (``PhraseHead``). "8": `topk_upper`'s blocks by column (``TierBlock``);
    /// an index of format 7 is searched by FTS5 until its next read-write open rebuilds the tables.
    static let formatVersion = "8"

    /// Migration 6: the tables, and triggers that also log every change of the indexed columns.
    static let migrationSQL = """
        CREATE TABLE IF NOT EXISTS topk_terms (
          term     TEXT PRIMARY KEY,
          df       INTEGER NOT NULL,
          frontier BLOB NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS topk_head (
          term      TEXT NOT NULL,
          note      INTEGER NOT NULL,
          frequency REAL NOT NULL,
          size      INTEGER NOT NULL,
          PRIMARY KEY (term, note)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS topk_log (
          seq   INTEGER PRIMARY KEY,
          note  INTEGER NOT NULL,
          title TEXT,
          body  TEXT,
          tags  TEXT
        );
        \(Schema.dropTriggersSQL)
        \(Schema.triggerSQL)
        """

    /// Migration 7: the tracked terms' complete posting lists (``PostingList``, ``PostingStore``), filled by
    /// the rebuild that the new ``formatVersion`` makes the next read-write open run.
    static let postingsMigrationSQL = """
        CREATE TABLE IF NOT EXISTS topk_postings (
          term     TEXT NOT NULL,
          first    INTEGER NOT NULL,
          postings BLOB NOT NULL,
          PRIMARY KEY (term, first)
        ) WITHOUT ROWID;
        """

    /// Migration 10: the tracked terms' upper tiers (``UpperTier``), filled by the rebuild that the new
    /// ``formatVersion`` makes the next read-write open run. `topk_terms` is derived data that rebuild
    /// recomputes, so it is made again with its new column (which also makes the step safe to run twice).
    static let upperTierMigrationSQL = """
        DELETE FROM meta WHERE key = 'topk';
        DROP TABLE IF EXISTS topk_terms;
        CREATE TABLE topk_terms (
          term     TEXT PRIMARY KEY,
          df       INTEGER NOT NULL,
          frontier BLOB NOT NULL,
          cut      BLOB
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS topk_upper (
          term     TEXT NOT NULL,
          first    INTEGER NOT NULL,
          postings BLOB NOT NULL,
          PRIMARY KEY (term, first)
        ) WITHOUT ROWID;
        """

    /// Migration 11: the impact heads as posting blocks, the shape of `topk_postings`. A row a note, with the
    /// term in every key, took 24 bytes a note (12.0 MB at 100,000 notes, against 2.3 MB as blocks), and a
    /// one-word query stepped through 400 rows to read a head. The rebuild that the new ``formatVersion``
    /// makes the next read-write open run fills it.
    static let headBlocksMigrationSQL = """
        DELETE FROM meta WHERE key = 'topk';
        DROP TABLE IF EXISTS topk_head;
        CREATE TABLE IF NOT EXISTS topk_heads (
          term     TEXT NOT NULL,
          first    INTEGER NOT NULL,
          postings BLOB NOT NULL,
          PRIMARY KEY (term, first)
        ) WITHOUT ROWID;
        """

    /// Migration 12: each lone tracked word's family (the notes of its prefix's other expansions, with the
    /// prefix's whole `f`), filled by the rebuild that the new ``formatVersion`` made the next read-write open
    /// run; dropped by migration 13, whose prefix heads answer every query the families did.
    static let familyMigrationSQL = """
        DELETE FROM meta WHERE key = 'topk';
        CREATE TABLE IF NOT EXISTS topk_families (
          term    TEXT PRIMARY KEY,
          df      INTEGER NOT NULL,
          overlap INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS topk_family_postings (
          term     TEXT NOT NULL,
          first    INTEGER NOT NULL,
          postings BLOB NOT NULL,
          PRIMARY KEY (term, first)
        ) WITHOUT ROWID;
        """

    /// Migration 13: each tracked word's prefix as one word (``PrefixHead``), filled by the rebuild that the new
    /// ``formatVersion`` makes the next read-write open run; v12's families go (derived data).
    static let prefixHeadMigrationSQL = """
        DELETE FROM meta WHERE key = 'topk';
        DROP TABLE IF EXISTS topk_families;
        DROP TABLE IF EXISTS topk_family_postings;
        CREATE TABLE IF NOT EXISTS topk_prefixes (
          term     TEXT PRIMARY KEY,
          df       INTEGER NOT NULL,
          frontier BLOB NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS topk_prefix_heads (
          term     TEXT NOT NULL,
          first    INTEGER NOT NULL,
          postings BLOB NOT NULL,
          PRIMARY KEY (term, first)
        ) WITHOUT ROWID;
        """

    /// Migration 14: each frequent phrase of two tracked words as one word (``PhraseHead``), filled by the
    /// rebuild that the new ``formatVersion`` makes the next read-write open run.
    static let phraseHeadMigrationSQL = """
        DELETE FROM meta WHERE key = 'topk';
        CREATE TABLE IF NOT EXISTS topk_phrases (
          term     TEXT PRIMARY KEY,
          df       INTEGER NOT NULL,
          frontier BLOB NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS topk_phrase_heads (
          term     TEXT NOT NULL,
          first    INTEGER NOT NULL,
          postings BLOB NOT NULL,
          PRIMARY KEY (term, first)
        ) WITHOUT ROWID;
        """

    /// Whether the tables were built (by this format).
    static func isBuilt(_ db: Connection) throws -> Bool {
        try db.scalarText("SELECT value FROM meta WHERE key = ?1", [.text(metaKey)]) == formatVersion
    }

    /// Whether a query may use the tables: built, and nothing written since that they have not seen.
    static func isCurrent(_ db: Connection) throws -> Bool {
        try isBuilt(db) && db.scalarInt("SELECT EXISTS (SELECT 1 FROM topk_log)") == 0
    }

    /// Why a query may not use the tables (`nil` when it may, ``isCurrent(_:)``), as `--explain` says it.
    static func staleness(_ db: Connection) throws -> String? {
        if try isCurrent(db) { return nil }
        let built = try db.scalarText("SELECT value FROM meta WHERE key = ?1", [.text(metaKey)])
        if let built, built != formatVersion {
            return "the top-k tables are of an older format (\(built); this version reads \(formatVersion)): "
                + "the next notes-index run rebuilds them"
        }
        if built == nil { return "the top-k tables are not built yet (the next notes-index run builds them)" }
        return "the top-k tables are not current (written by another tool since; notes-index brings them up to date)"
    }

    /// The collection statistics FTS5's bm25 will use, from its averages record; `nil` for an empty index.
    static func totals(_ db: Connection) throws -> FullTextTotals? {
        guard let record = try db.scalarValue("SELECT block FROM notes_fts_data WHERE id = 1"),
              case .blob(let bytes) = record, let totals = FullTextTotals(averagesRecord: bytes), totals.rows > 0 else {
            return nil
        }
        return totals
    }

    /// `term` as an FTS5 string (double-quoted, so it is never read as syntax).
    static func matchString(_ term: String) -> String { "\"" + FTS5Expression.escapingQuotes(term) + "\"" }

    /// The tokenizer `notes_fts` uses, created on `db` once (kept with the connection: creating one costs
    /// two SQL lookups and the wrapped tokenizers' set-up, about 30-90 µs, which a query would pay twice).
    static func tokenizer(_ db: Connection) throws -> TermTokenizer {
        let option = try Schema.keptTokenizerOfCurrentIndex(db).tokenizeOption
        guard let handle = db.handle else { throw SQLiteError(code: 21, message: "the connection is closed") }
        return try db.attachment("notes-fts.term-tokenizer " + option) {
            try TermTokenizer(handle: handle, tokenizeOption: option)
        }
    }
}
