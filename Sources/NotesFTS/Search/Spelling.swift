import SQLiteKit

/// Finds the indexed words near a misspelt one, through the deletion neighbourhood of ``Vocabulary``.
///
/// Two words within one edit share a string left by deleting at most one letter from each (a substitution or
/// transposition deletes the same letter on both sides); the `spelling` table holds those strings' hashes for
/// every indexed word, so the words within one edit of `w` are the indexed words equal to `w` minus a letter,
/// plus those whose keys match `w` or `w` minus a letter. Two edits go through a first edit: the same lookup
/// for every string one edit away from `w` (a few thousand probes for a ten-letter word, in one statement).
/// Every candidate is then checked by ``EditDistance``.
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
        let (terms, keys) = probes(typed, distance: distance)
        let termList = "[" + terms.map { "\"" + String(decoding: $0, as: UTF8.self) + "\"" }.joined(separator: ",") + "]"
        let keyList = "[" + keys.map(String.init).joined(separator: ",") + "]"
        let found = try db.query("""
            SELECT term FROM vocabulary WHERE term IN (SELECT value FROM json_each(?1))
            UNION
            SELECT v.term FROM spelling s JOIN vocabulary v ON v.id = s.term_id
            WHERE s.key IN (SELECT value FROM json_each(?2))
            """, [.text(termList), .text(keyList)]) { $0.text(0) ?? "" }
        var near: [(term: String, distance: Int)] = []
        for term in found where term != word {
            let edits = EditDistance.between(typed, Array(term.utf8), limit: distance)
            if edits <= distance { near.append((term, edits)) }
        }
        // Document frequencies (a read of each word's postings) only for the nearest, where they break ties;
        // a word no note holds any more is dropped and the next distance tried.
        for edits in Set(near.map(\.distance)).sorted() {
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

    /// What to look up for `typed`: indexed words equal to it minus up to `distance` letters, and the keys of
    /// the strings whose one-letter deletions an indexed word within `distance` must share. With two edits, a
    /// deletion can always be applied first (it commutes with the other edit, or cancels it), so the words
    /// shorter by two are the two-letter deletions, and every other word is one edit from a string one edit
    /// from `typed`: it shares a one-letter deletion (or is one letter longer) with that string.
    static func probes(_ typed: [UInt8], distance: Int) -> (terms: Set<[UInt8]>, keys: Set<Int64>) {
        let shorter = Vocabulary.deletions(of: typed)
        var terms = Set([typed] + shorter)
        var keys = Set(([typed] + shorter).map(Vocabulary.key))
        guard distance >= 2 else { return (terms, keys) }
        for once in shorter { terms.formUnion(Vocabulary.deletions(of: once)) }
        for neighbour in neighbours(of: typed) {
            keys.insert(Vocabulary.key(neighbour))
            for deleted in Vocabulary.deletions(of: neighbour) { keys.insert(Vocabulary.key(deleted)) }
        }
        return (terms, keys)
    }

    /// How many notes hold `term` (0 for a word no note holds any more).
    static func documentFrequency(of term: String, db: Connection) throws -> Int {
        try db.execute(Vocabulary.fts5VocabularySQL)
        return try db.scalarInt("SELECT doc FROM temp.notes_fts_terms WHERE term = ?1", [.text(term)]) ?? 0
    }

    /// Every lower-case ASCII string one edit from `word`: deletions, adjacent transpositions, substitutions
    /// and insertions of `a`–`z`.
    static func neighbours(of word: [UInt8]) -> [[UInt8]] {
        var result = Vocabulary.deletions(of: word)
        let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
        for index in word.indices {
            if index + 1 < word.count, word[index] != word[index + 1] {
                var swapped = word
                swapped.swapAt(index, index + 1)
                result.append(swapped)
            }
            for letter in letters where letter != word[index] {
                var changed = word
                changed[index] = letter
                result.append(changed)
            }
        }
        for index in 0...word.count {
            for letter in letters {
                var longer = word
                longer.insert(letter, at: index)
                result.append(longer)
            }
        }
        return result
    }
}
