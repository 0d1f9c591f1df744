import SQLiteKit

/// The number of notes a phrase matched in the last ``PhraseRanking`` walk on a connection (or a prefix alone,
/// the length of its merged posting list, ``TopKPlan``), so that the count asked for right after (the `total`
/// of `notes-find --json`, a search page's total) does not walk the phrase again: ranking it counted its notes.
///
/// It is valid only while the database is what the walk saw: the same `PRAGMA data_version` (no other
/// connection committed since), `total_changes()` (this one wrote nothing) and `PRAGMA schema_version`.
final class PhraseCountMemo {
    /// The phrase's MATCH expression, its count, and the state it was counted in.
    private var entry: (match: String, notes: Int, state: [Int])?

    /// The memo kept with `db`.
    static func of(_ db: Connection) -> PhraseCountMemo { db.attachment("notes-fts.phrase-count") { PhraseCountMemo() } }

    /// Records that `match` matched `notes` notes in the database `state` (from ``state(_:)``, read before
    /// the walk: a commit landing between the two then makes a miss, never a stale count).
    /// Nothing is recorded while a write is open on `db`: it may be rolled back, which changes none of the
    /// figures of the state.
    func record(_ match: String, notes: Int, state: [Int], _ db: Connection) {
        entry = db.isWriting ? nil : (match, notes, state)
    }

    /// The count recorded for `match`, if the database has not changed since (and no write is open on `db`).
    func notes(_ match: String, _ db: Connection) throws -> Int? {
        guard !db.isWriting, let entry, entry.match == match, try Self.state(db) == entry.state else { return nil }
        return entry.notes
    }

    /// What says whether the database changed: `PRAGMA data_version`, `total_changes()`, `PRAGMA schema_version`.
    static func state(_ db: Connection) throws -> [Int] {
        [try db.scalarInt("PRAGMA data_version") ?? -1, try db.scalarInt("SELECT total_changes()") ?? -1,
         try db.scalarInt("PRAGMA schema_version") ?? -1]
    }
}
