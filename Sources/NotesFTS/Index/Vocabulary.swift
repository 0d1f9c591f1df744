import Foundation
import NotesTokenizer
import SQLiteKit

/// The Latin-script words of the full-text index, kept beside it for word forms and typo tolerance:
///
/// - `vocabulary(id, term, stem)`: each lower-case ASCII word of `notes_fts` and its inflection stem
///   (``PorterStemmer/inflectionStem(_:)``), so a query word finds its other forms with one indexed lookup;
/// - `spelling(bucket, entries)` (schema v8, ``SpellingKeys``): the deletion neighbourhood of each word's first
///   seven letters (up to two letters deleted, hashed), one row a bucket of keys listing their words, so the
///   words near a misspelling are found by at most 29 row lookups instead of a scan of the vocabulary. Schema v5–v7 kept
///   `spelling(key, term_id)` instead: the one-letter deletions of whole words of five letters or more, which
///   a two-edit lookup probed a few thousand times (`Spelling`'s legacy lookup still reads it, for an older
///   index opened read-only).
///
/// A full build, a rebuild and the schema migration fill both from FTS5's own vocabulary (`fts5vocab`); later
/// writes add the words of each note they store (``learn(_:from:)``). Words of deleted or changed notes stay
/// until the next rebuild, so every use of a word goes back through `notes_fts`: an expansion to a word no
/// note holds matches nothing, a correction must have a document frequency above zero, and a query word
/// counts as known only when one of its forms is in `notes_fts` (``NoteIndex/hasIndexedForm(_:_:)``).
enum Vocabulary {
    /// The tables as schema v5 created them (frozen: migration 5 runs it; migration 8 replaces `spelling` by
    /// ``SpellingKeys/schemaSQL``).
    static let schemaSQLVersion5 = """
        CREATE TABLE IF NOT EXISTS vocabulary (
          id   INTEGER PRIMARY KEY,
          term TEXT NOT NULL UNIQUE,
          stem TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS vocabulary_stem ON vocabulary(stem);
        CREATE TABLE IF NOT EXISTS spelling (
          key     INTEGER NOT NULL,
          term_id INTEGER NOT NULL,
          PRIMARY KEY (key, term_id)
        ) WITHOUT ROWID;
        """

    /// FTS5's vocabulary of `notes_fts` (one row per term, with its document frequency), in the temp schema
    /// so that a read-only connection can create it too.
    static let fts5VocabularySQL = "CREATE VIRTUAL TABLE IF NOT EXISTS temp.notes_fts_terms USING fts5vocab(main, notes_fts, row)"

    /// Whether the index has the tables (from schema v5; an older index opened read-only has not).
    static func isPresent(_ db: Connection) throws -> Bool {
        try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'spelling'") == 1
    }

    /// Whether the vocabulary may hold a word from `low` (included) below `high` other than `besides`: a hint,
    /// not an answer (it keeps only ASCII words, and those of deleted notes until a rebuild), for work worth
    /// starting only then (``TrackedDecode``). `true` when it cannot say (no table: an older index).
    static func mayHoldWord(from low: String, below high: String, besides: String, _ db: Connection) -> Bool {
        let found = try? db.scalarInt("SELECT EXISTS (SELECT 1 FROM vocabulary WHERE term >= ?1 AND term < ?2 AND term <> ?3)",
                                      [.text(low), .text(high), .text(besides)])
        return found.map { $0 != 0 } ?? true
    }

    /// Words kept: lower-case ASCII letters only (what the tokenizer leaves of English after folding), 2 to 40.
    static func isWord(_ term: String) -> Bool { isWord(term.utf8) }

    static func isWord(_ utf8: some Collection<UInt8>) -> Bool {
         utf8.count >= 2 && utf8.count <= 40 && utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
    }

    /// Most words written between two calls of a fill's `step` (``rebuild(_:wordsPerStep:spellingPairsPerPass:step:)``):
    /// 250,000 wrote 30 MB of log (rows and both indexes), so about 12 MB.
    static let wordsPerStep = 100_000

    /// Empties both tables and fills them again from `notes_fts` (``words(of:)``, ``fill(_:words:wordsPerStep:spellingPairsPerPass:step:)``).
    /// Call inside a write transaction.
    static func rebuild(_ db: Connection, wordsPerStep: Int = Vocabulary.wordsPerStep,
                        spellingPairsPerPass: Int = Vocabulary.spellingPairsPerPass,
                        step: () throws -> Void = {}) throws {
        try db.execute("DELETE FROM spelling; DELETE FROM vocabulary;")
        try fill(db, words: words(of: db), wordsPerStep: wordsPerStep, spellingPairsPerPass: spellingPairsPerPass, step: step)
    }

    /// The words of `notes_fts` (``isWord(_:)``), sorted, each with its inflection stem: read from `fts5vocab`,
    /// which reads every doclist of the index (1.5 s at 100k notes). Any connection to the index will do: a
    /// first build reads them on another thread (``VocabularyScan``).
    static func words(of db: Connection) throws -> [(term: String, stem: String)] {
        try terms(of: db).map { ($0, PorterStemmer.inflectionStem($0)) }
    }

    /// The words of `notes_fts` (``isWord(_:)``) in FTS5's order (their UTF-8 bytes'), without stems.
    static func terms(of db: Connection) throws -> [String] {
        try db.execute(fts5VocabularySQL)
        return try db.query("SELECT term FROM temp.notes_fts_terms") { $0.text(0) ?? "" }.filter { isWord($0) }
    }

    /// Fills the emptied tables with `words` (``words(of:)``).
    ///
    /// Built for a million-word vocabulary: words come sorted and take ids in that order, so the table and its
    /// unique index fill in order; `spelling` is filled in key order, a pass at a time (``WordListWriter``);
    /// both tables are written by multi-row statements (``BatchInsert``). `step` runs after every
    /// `wordsPerStep` words and every pass of `spelling`: a first build commits there
    /// (``NoteIndex/finishFirstBuild(_:)``), so no one transaction writes the whole list. `spelling`, when
    /// given, holds the passes of `spelling` computed beforehand (``spellingPasses(terms:pairsPerPass:)`` of
    /// these words, as ``VocabularyScan`` does off the writer); they are written instead of computed here.
    static func fill(_ db: Connection, words: [(term: String, stem: String)], wordsPerStep: Int = Vocabulary.wordsPerStep,
                     spellingPairsPerPass: Int = Vocabulary.spellingPairsPerPass, spelling: [SpellingPass]? = nil,
                     step: () throws -> Void = {}) throws {
        var writer = WordListWriter(words: words, wordsPerStep: wordsPerStep, spelling: spelling,
                                    spellingPairsPerPass: spellingPairsPerPass)
        while try writer.writeNext(db) { try step() }
    }

    /// Adds the words of `texts` that the vocabulary does not hold yet (after a note was written), each with
    /// its ``SpellingKeys`` appended to the `spelling` rows of those keys.
    static func learn(_ db: Connection, from texts: [String]) throws {
        for word in words(in: texts) {
            try db.run("INSERT INTO vocabulary(term, stem) VALUES (?1, ?2) ON CONFLICT(term) DO NOTHING",
                       [.text(word), .text(PorterStemmer.inflectionStem(word))])
            guard db.changes > 0 else { continue }
            let id = db.lastInsertRowID
            for key in SpellingKeys.keys(of: word.utf8) {
                var entry: [UInt8] = []
                SpellingKeys.appendEntry(key: key, id: id, length: word.utf8.count, to: &entry)
                // `||` concatenates the bytes (as text); the cast keeps the row a blob.
                try db.run("""
                    INSERT INTO spelling(bucket, entries) VALUES (?1, ?2)
                    ON CONFLICT(bucket) DO UPDATE SET entries = CAST(entries || excluded.entries AS BLOB)
                    """, [.integer(SpellingKeys.bucket(of: key)), .blob(entry)])
            }
        }
    }

    /// The ASCII words of `texts` as the tokenizer folds them (lower case, accents removed): runs of `a`–`z`.
    static func words(in texts: [String]) -> Set<String> {
        var words = Set<String>()
        for text in texts {
            let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            for run in folded.utf8.split(whereSeparator: { !($0 >= 0x61 && $0 <= 0x7A) }) where isWord(run) {
                words.insert(String(decoding: run, as: UTF8.self))
            }
        }
        return words
    }

    /// Every string `bytes` leaves with one letter deleted (duplicates kept: `ll` gives the same one twice).
    static func deletions(of bytes: [UInt8]) -> [[UInt8]] {
        bytes.indices.map { index in
            var shorter = bytes
            shorter.remove(at: index)
            return shorter
        }
    }

    /// A 31-bit FNV-1a hash of `bytes`: four bytes a row in SQLite's record format; collisions only add
    /// candidates, which are checked by edit distance.
    static func key(_ bytes: [UInt8]) -> Int64 {
        Int64(bytes.reduce(fnvOffsetBasis, fnvStep) & 0x7FFF_FFFF)
    }

    static let fnvOffsetBasis: UInt32 = 2_166_136_261

    static func fnvStep(_ hash: UInt32, _ byte: UInt8) -> UInt32 {
        (hash ^ UInt32(byte)) &* 16_777_619
    }
}
