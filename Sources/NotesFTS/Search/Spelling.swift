import SQLiteKit

/// Finds the indexed words near a misspelt one, through the deletion neighbourhood of ``Vocabulary``.
///
/// From schema v8 the `spelling` table holds, for every indexed word, the hashes of its first seven letters
/// with up to two of them deleted (``SpellingKeys``, where the proof is): the words within `d` edits of `t`
/// are among those listed under the keys of `t`'s first seven letters with up to `d` deleted (at most 29
/// keys, their rows read by one statement), of a length within `d` of `t`'s. An index of schema v5–v7 opened read-only keeps
/// the one-deletion keys of whole words, read by ``legacyMatches(_:distance:db:)``. Every candidate is then
/// checked by ``EditDistance``.
enum Spelling {
    /// How far a typo may be in a word of `length` letters: none below 5, one edit for 5–8, two for 9+.
    static func tolerance(forLength length: Int) -> Int {
        length >= 9 ? 2 : length >= 5 ? 1 : 0
    }

    /// An indexed word near the one typed.
    struct Candidate: Equatable {
        var term: String
        var distance: Int
        var documents: Int
    }

    /// The indexed words at the smallest distance (up to `distance` edits) from `word` that some note holds,
    /// by document frequency (most notes first), then alphabetically.
    static func candidates(for word: String, within distance: Int, db: Connection) throws -> [Candidate] {
        let typed = Array(word.utf8)
        guard distance > 0, Vocabulary.isWord(typed) else { return [] }
        let found = try db.userVersion >= SpellingKeys.schemaVersion
            ? prefixMatches(typed, distance: distance, db: db) : legacyMatches(typed, distance: distance, db: db)
        var near: [(term: String, distance: Int)] = []
        for term in found where term != word {
            let edits = EditDistance.between(typed, Array(term.utf8), limit: distance)
            if edits <= distance { near.append((term, edits)) }
        }
        // Document frequencies (a read of each word's postings) only for the nearest, where they break ties;
        // a word no note holds any more is dropped and the next distance tried.
        for edits in 1...distance where near.contains(where: { $0.distance == edits }) {
            var candidates: [Candidate] = []
            for (term, found) in near where found == edits {
                let documents = try documentFrequency(of: term, db: db)
                if documents > 0 { candidates.append(Candidate(term: term, distance: edits, documents: documents)) }
            }
            if !candidates.isEmpty {
                return candidates.sorted { $0.documents != $1.documents ? $0.documents > $1.documents : $0.term < $1.term }
            }
        }
        return []
    }

    /// The indexed words that may be within `distance` edits of `typed` (a superset: every one of them, and
    /// words sharing a key or a hash with them), from the `spelling` rows of schema v8: the words listed under
    /// ``SpellingKeys`` of `typed` with up to `distance` deletions, of a length within `distance` of `typed`'s.
    static func prefixMatches(_ typed: [UInt8], distance: Int, db: Connection) throws -> [String] {
        // Lists and arrays built by hand: a generic `map`/`joined`/`Set` here cost more runtime type lookups in
        // a one-query process than the lookup itself.
        let keys = SpellingKeys.keys(of: typed, deletions: distance)
        var buckets: [Int64] = []
        for key in keys where !buckets.contains(SpellingKeys.bucket(of: key)) { buckets.append(SpellingKeys.bucket(of: key)) }
        var ids: [Int64] = []
        let rows = try db.cached("SELECT bucket, entries FROM spelling WHERE bucket IN (SELECT value FROM json_each(?1))")
        try rows.bind([.text(jsonList(buckets))])
        while try rows.step() {
            let bucket = rows.int64(0)
            rows.withBlob(1) { bytes in
                SpellingKeys.forEachEntry(in: bytes, bucket: bucket) { key, id, length in
                    if abs(length - typed.count) <= distance, keys.contains(key) { ids.append(id) }
                }
            }
        }
        guard !ids.isEmpty else { return [] }
        var terms: [String] = []
        let words = try db.cached("SELECT term FROM vocabulary WHERE id IN (SELECT value FROM json_each(?1))")
        try words.bind([.text(jsonList(ids))])
        while try words.step() { terms.append(words.text(0) ?? "") }
        return terms
    }

    /// `numbers` as a JSON array for `json_each` (a number listed twice is harmless under `IN`).
    private static func jsonList(_ numbers: [Int64]) -> String {
        var list = "["
        for number in numbers {
            if list.utf8.count > 1 { list += "," }
            list += String(number)
        }
        return list + "]"
    }

    /// How many notes hold `term` (0 for a word no note holds any more).
    static func documentFrequency(of term: String, db: Connection) throws -> Int {
        try db.execute(Vocabulary.fts5VocabularySQL)
        return try db.scalarInt("SELECT doc FROM temp.notes_fts_terms WHERE term = ?1", [.text(term)]) ?? 0
    }
}
