import Foundation
import NotesTokenizer
import SQLiteKit

/// The Latin-script words of the full-text index, kept beside it for word forms and typo tolerance:
///
/// - `vocabulary(id, term, stem)`: each lower-case ASCII word of `notes_fts` and its inflection stem
///   (``PorterStemmer/inflectionStem(_:)``), so a query word finds its other forms with one indexed lookup;
/// - `spelling(key, term_id)`: the deletion neighbourhood: for each word of five letters or more, a 31-bit hash
///   of every string it leaves with one letter deleted, so the words near a misspelling are found by a few
///   hundred or thousand index probes instead of a scan of the vocabulary.
///
/// A full build, a rebuild and the schema migration fill both from FTS5's own vocabulary (`fts5vocab`); later
/// writes add the words of each note they store (``learn(_:from:)``). Words of deleted notes stay until the
/// next rebuild: harmless, since every use of a word goes back through `notes_fts` (an expansion to a word no
/// note holds matches nothing, and a correction must have a document frequency above zero).
enum Vocabulary {
    /// The tables (schema v3).
    static let schemaSQL = """
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

    /// Whether the index has the tables (schema v5; an older index opened read-only has not).
    static func isPresent(_ db: Connection) throws -> Bool {
        try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'spelling'") == 1
    }

    /// Words kept: lower-case ASCII letters only (what the tokenizer leaves of English after folding), 2 to 40.
    static func isWord(_ term: String) -> Bool { isWord(term.utf8) }

    static func isWord(_ utf8: some Collection<UInt8>) -> Bool {
         utf8.count >= 2 && utf8.count <= 40 && utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
    }

    /// Shortest word with a deletion neighbourhood (the shortest word a typo is corrected in is five letters).
    static let spellingMinimumLength = 5

    /// Empties both tables and fills them again from `notes_fts`. Call inside a write transaction.
    ///
    /// Built for a million-word vocabulary: words come sorted from `fts5vocab` and take ids in that order, so
    /// the table and its unique index fill in order; the deletion keys are packed as `key << 32 | id` into one
    /// array, sorted and deduplicated in memory, then written in key order; both tables are written by
    /// multi-row statements (``BatchInsert``).
    static func rebuild(_ db: Connection) throws {
        try db.execute("DELETE FROM spelling; DELETE FROM vocabulary;")
        try db.execute(fts5VocabularySQL)
        let terms = try db.query("SELECT term FROM temp.notes_fts_terms") { $0.text(0) ?? "" }.filter { isWord($0) }
        var keys: [UInt64] = []
        keys.reserveCapacity(terms.count * 9)
        let words = try BatchInsert(db, "INSERT INTO vocabulary(id, term, stem)", columns: 3)
        for (offset, term) in terms.enumerated() {
            let id = Int64(offset + 1)
            try words.append(.integer(id), .text(term), .text(PorterStemmer.inflectionStem(term)))
            forEachDeletionKey(of: term) { keys.append(UInt64($0) << 32 | UInt64(id)) }
        }
        try words.finish()
        keys.sort()
        let spelling = try BatchInsert(db, "INSERT INTO spelling(key, term_id)", columns: 2)
        var previous: UInt64?
        for packed in keys where packed != previous {
            previous = packed
            try spelling.append(.integer(Int64(packed >> 32)), .integer(Int64(packed & 0xFFFF_FFFF)))
        }
        try spelling.finish()
    }

    /// Adds the words of `texts` that the vocabulary does not hold yet (after a note was written).
    static func learn(_ db: Connection, from texts: [String]) throws {
        for word in words(in: texts) {
            try db.run("INSERT INTO vocabulary(term, stem) VALUES (?1, ?2) ON CONFLICT(term) DO NOTHING",
                       [.text(word), .text(PorterStemmer.inflectionStem(word))])
            guard db.changes > 0 else { continue }
            let id = db.lastInsertRowID
            for key in Set(deletionKeys(of: word)) {
                try db.run("INSERT OR IGNORE INTO spelling(key, term_id) VALUES (?1, ?2)", [.integer(key), .integer(id)])
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

    /// The hash keys of `term`'s one-letter deletions (none for words shorter than ``spellingMinimumLength``).
    static func deletionKeys(of term: String) -> [Int64] {
        var keys: [Int64] = []
        forEachDeletionKey(of: term) { keys.append($0) }
        return keys
    }

    /// Calls `body` with the hash key of each of `term`'s one-letter deletions, in order of the deleted
    /// position, without building the shorter strings: the hash of the bytes before the deleted one is carried
    /// forward. Equal to ``key(_:)`` of each of ``deletions(of:)``.
    static func forEachDeletionKey(of term: String, _ body: (Int64) -> Void) {
        var term = term
        term.withUTF8 { bytes in
            guard bytes.count >= spellingMinimumLength else { return }
            var prefix = fnvOffsetBasis
            for deleted in bytes.indices {
                var hash = prefix
                for byte in bytes[(deleted + 1)...] { hash = fnvStep(hash, byte) }
                body(Int64(hash & 0x7FFF_FFFF))
                prefix = fnvStep(prefix, bytes[deleted])
            }
        }
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

    private static let fnvOffsetBasis: UInt32 = 2_166_136_261

    private static func fnvStep(_ hash: UInt32, _ byte: UInt8) -> UInt32 {
        (hash ^ UInt32(byte)) &* 16_777_619
    }
}
