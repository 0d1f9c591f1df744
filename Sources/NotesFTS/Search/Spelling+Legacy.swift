import SQLiteKit

extension Spelling {
    /// The indexed words that may be within `distance` edits of `typed`, from the `spelling(key, term_id)` table
    /// of schema v5–v7 (an older index that `notes-find` opened read-only, before `notes-index` upgrades it):
    /// the words of ``probes(_:distance:)``'s terms and those with a one-letter deletion among its keys.
    static func legacyMatches(_ typed: [UInt8], distance: Int, db: Connection) throws -> [String] {
        let (terms, keys) = probes(typed, distance: distance)
        let termList = "[" + terms.map { "\"" + String(decoding: $0, as: UTF8.self) + "\"" }.joined(separator: ",") + "]"
        let keyList = "[" + keys.map(String.init).joined(separator: ",") + "]"
        return try mappingWholeFile(db) {
            try db.query("""
                SELECT term FROM vocabulary WHERE term IN (SELECT value FROM json_each(?1))
                UNION
                SELECT v.term FROM spelling s JOIN vocabulary v ON v.id = s.term_id
                WHERE s.key IN (SELECT value FROM json_each(?2))
                """, [.text(termList), .text(keyList)]) { $0.text(0) ?? "" }
        }
    }

    /// Runs `body` with the whole file memory-mapped, then maps as before. The two-edit lookup reads about
    /// 3,000 pages scattered through the file (the word list grows as notes are written); beyond the
    /// connection's mapping each is a `pread` into a freshly allocated cache page, which made the lookup about
    /// twice as slow on a 640 MB index (Benchmarks/README.md, start-up). The pages are unmapped afterwards, so
    /// the process does not keep them.
    private static func mappingWholeFile<T>(_ db: Connection, _ body: () throws -> T) throws -> T {
        let mapped = try db.scalarInt("PRAGMA mmap_size") ?? 0
        try db.execute("PRAGMA mmap_size=\(Int64(Int32.max))")
        defer { try? db.execute("PRAGMA mmap_size=\(mapped)") }
        return try body()
    }

    /// What to look up for `typed`: indexed words (`terms`, matched whole) and deletion-neighbourhood keys
    /// (`keys`, matched against each indexed word's one-letter deletions) such that every indexed word within
    /// `distance` edits is found by one or the other. The proof, for an edit script from `typed` to a word `w`:
    /// delete from `w` each letter it gained (an insertion), each letter changed (a substitution) and one letter
    /// of each swapped pair, and from `typed` each letter it lost and the other side of each change and swap;
    /// both sides are then the same string `c`, and `w` is found when `c` is `w` itself (a term) or one
    /// deletion from it (a key).
    ///
    /// - With one edit, or two of which at most one costs `w` a letter: `c` is `typed` minus up to two letters.
    /// - Two edits that each cost `w` a letter: when one is an insertion, `c` is `typed` with the other edit
    ///   applied (an insertion, substitution or swap); when one is a swap, `c` is `typed` with the swap applied
    ///   and one more letter deleted; otherwise both are substitutions, at positions `p < q`, and `c` is `typed`
    ///   changed at `p` with the letter at `q` deleted.
    ///
    /// For a 14-letter word that is about 3,200 keys, where the whole one-edit neighbourhood and its deletions
    /// (a superset) are about 9,000; `SpellingCompletenessTests` checks the coverage against every word in
    /// the two-edit ball of sample words.
    static func probes(_ typed: [UInt8], distance: Int) -> (terms: Set<[UInt8]>, keys: Set<Int64>) {
        var terms = Set([typed] + Vocabulary.deletions(of: typed))
        if distance >= 2 {
            for once in Vocabulary.deletions(of: typed) { terms.formUnion(Vocabulary.deletions(of: once)) }
        }
        var keys = Set(terms.map(Vocabulary.key))
        guard distance >= 2 else { return (terms, keys) }
        let swaps = transpositions(of: typed)
        for neighbour in insertions(of: typed) + substitutions(of: typed) + swaps { keys.insert(Vocabulary.key(neighbour)) }
        for swapped in swaps {
            for deleted in Vocabulary.deletions(of: swapped) { keys.insert(Vocabulary.key(deleted)) }
        }
        for index in typed.indices {
            for letter in letters where letter != typed[index] {
                var changed = typed
                changed[index] = letter
                for later in (index + 1)..<typed.count {
                    var shorter = changed
                    shorter.remove(at: later)
                    keys.insert(Vocabulary.key(shorter))
                }
            }
        }
        return (terms, keys)
    }

    /// The letters a typo may hold: lower-case ASCII.
    static let letters = UInt8(ascii: "a")...UInt8(ascii: "z")

    /// `word` with each adjacent pair of different letters swapped.
    static func transpositions(of word: [UInt8]) -> [[UInt8]] {
        word.indices.dropLast().compactMap { index in
            guard word[index] != word[index + 1] else { return nil }
            var swapped = word
            swapped.swapAt(index, index + 1)
            return swapped
        }
    }

    /// `word` with one letter changed to another of `a`–`z`.
    static func substitutions(of word: [UInt8]) -> [[UInt8]] {
        word.indices.flatMap { index in
            letters.filter { $0 != word[index] }.map { letter in
                var changed = word
                changed[index] = letter
                return changed
            }
        }
    }

    /// `word` with one letter of `a`–`z` inserted anywhere.
    static func insertions(of word: [UInt8]) -> [[UInt8]] {
        (0...word.count).flatMap { index in
            letters.map { letter in
                var longer = word
                longer.insert(letter, at: index)
                return longer
            }
        }
    }
}
