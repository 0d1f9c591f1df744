import SQLiteKit

/// A tracked word's **family**: the notes holding some other word that begins with it (`reader`, `readme` for
/// `read`), stored so that the prefix `read*` is ranked from `read`'s impact head and its family alone
/// (``PrefixHeadSearch/top(_:_:shape:family:totals:query:options:)``), with nothing read from FTS5's leaves and
/// no pass over `read`'s list.
///
/// Kept (schema v12) for every **lone** tracked word: ASCII letters and digits, at most ``longestWord`` bytes,
/// and no other tracked word begins with it. Its prefix's expansions are then the word itself and untracked words
/// only, and the set of tracked words changes only with a rebuild, so the family's definition holds between two:
/// - `topk_families(term, df, overlap)`: the number of notes in the family, and how many of those hold the word
///   itself;
/// - `topk_family_postings(term, first, postings)` (``PostingStore/Table/family``): the family as a posting list,
///   each note with the prefix's whole weighted frequency (the word's and its other expansions' together: what
///   FTS5's instances of the prefix phrase add up to, ``PrefixPostings``) and its size.
///
/// So the prefix matches `df(word) + df − overlap` notes; a note of the family has the prefix's `f` in the list; a
/// note holding the word outside the family has the word's `f`. Built by ``build(_:limits:)`` after the tracked
/// words, from the same parts a query reads (``PrefixPostings/parts(_:_:reading:limits:)``); kept by the log
/// replays (``Replay``). A word whose untracked expansions pass the prefix limits when the tables are built gets
/// no family, and its prefix takes the route it took before.
enum PrefixFamily {
    /// The longest word a family is kept for, in bytes: a replay looks each term's prefixes up as keys of two
    /// 64-bit words (``Key``).
    static let longestWord = 16

    /// A family as a query reads it.
    struct Loaded {
        /// Its notes, by id, with the prefix's `f` and the note's `D`.
        var postings: PostingList
        /// How many of them hold the word itself.
        var overlap: Int
    }

    /// The family of `word`, decoded into `list`'s memory (emptied first), or `nil` when the word has none.
    static func load(_ word: String, _ db: Connection, into list: PostingList) throws -> Loaded? {
        guard let row = try db.query("SELECT df, overlap FROM topk_families WHERE term = ?1", [.text(word)], {
            ($0.int(0), $0.int(1))
        }).first else { return nil }
        var postings = list
        postings.removeAll()
        var filled = 0
        postings.extend(by: row.0)
        try PostingStore.load(word, db, from: .family, into: &postings, at: &filled)
        postings.truncate(to: filled)
        return Loaded(postings: postings, overlap: row.1)
    }

    /// The number of notes the prefix `word*` matches, when `word` has a family: the notes holding the word and
    /// those of its family, less the family's notes that hold the word.
    static func notes(_ word: String, _ db: Connection) throws -> Int? {
        try db.scalarInt("""
            SELECT t.df + f.df - f.overlap FROM topk_families f JOIN topk_terms t ON t.term = f.term WHERE f.term = ?1
            """, [.text(word)])
    }

    /// The lone words among the tracked words `tracked`, given in byte order (as SQLite sorts text): every word
    /// beginning with a word follows it directly in that order, so only the next one needs a look.
    static func loneWords(_ tracked: [String]) -> [String] {
        tracked.indices.compactMap { index in
            let word = tracked[index]
            guard PrefixPostings.isServed(word), word.utf8.count <= longestWord else { return nil }
            if index + 1 < tracked.count && tracked[index + 1].utf8.starts(with: word.utf8) { return nil }
            return word
        }
    }

    /// Writes the family of every lone tracked word (the tracked words written, `topk_sizes` filled, the family
    /// tables empty), inside the caller's transaction. A word whose untracked expansions pass `limits` gets none.
    static func build(_ db: Connection, limits: PrefixPostings.Limits = PrefixPostings.Limits()) throws {
        let tracked = try db.query("SELECT term FROM topk_terms ORDER BY term") { $0.text(0) ?? "" }
        let insert = try db.cached("INSERT INTO topk_families(term, df, overlap) VALUES (?1, ?2, ?3)")
        for word in loneWords(tracked) {
            guard case .success(let parts) = try PrefixPostings.parts(word, db, limits: limits),
                  parts.tracked.map(\.term) == [word] else { continue }
            let rare = parts.untracked
            let inWord = try PostingStore.frequencies(of: rare.ids, in: word, db)
            var family = PostingList()
            family.reserve(rare.count)
            for index in 0..<rare.count {
                family.append(id: rare.ids[index], frequency: rare.frequencies[index] + inWord.frequencies[index],
                              size: Int(rare.sizes[index]))
            }
            PrefixRoom.of(db).keep(untracked: rare)
            try PostingStore.write(word, family, db, to: .family)
            try insert.bind([.text(word), .integer(Int64(family.count)), .integer(Int64(inWord.found))])
            try insert.run()
        }
    }

    /// A word's first bytes (at most ``longestWord``) as a key: the bytes packed into two 64-bit words, and
    /// their number.
    struct Key: Hashable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = 0

        /// The key of `word`; `nil` when it is longer than ``longestWord``.
        init?(_ word: some Collection<UInt8>) {
            guard word.count <= longestWord else { return nil }
            for byte in word { append(byte) }
        }

        init() {}

        /// The key one byte longer (at most ``longestWord`` bytes in all).
        mutating func append(_ byte: UInt8) {
            if length < 8 { low |= UInt64(byte) << (8 * UInt64(length)) } else { high |= UInt64(byte) << (8 * UInt64(length - 8)) }
            length += 1
        }
    }

    /// The lone words a note's terms are looked up against, by key.
    struct Words {
        private let words: [Key: String]
        /// Whether some word is `length` bytes long, by length.
        private let lengths: [Bool]

        init(_ words: some Sequence<String>) {
            var keyed: [Key: String] = [:]
            var lengths = [Bool](repeating: false, count: longestWord + 1)
            for word in words {
                guard let key = Key(word.utf8) else { continue }
                keyed[key] = word
                lengths[key.length] = true
            }
            self.words = keyed
            self.lengths = lengths
        }

        var isEmpty: Bool { words.isEmpty }

        /// The families a note with `terms` is in: for each word one of its other terms begins with, the
        /// prefix's weighted frequency in the note (the word's own occurrences included) and whether the note
        /// holds the word itself.
        func families(of terms: DocumentTerms) -> [String: (frequency: Double, holdsWord: Bool)] {
            var others: [String: Double] = [:]
            for (term, counts) in terms.counts {
                var key = Key()
                var bytes = term.utf8.makeIterator()
                // Every proper prefix of the term up to the longest word: `read` and `rea` of `reads`.
                while key.length < longestWord, let byte = bytes.next() {
                    if key.length > 0, lengths[key.length], let word = words[key] {
                        others[word, default: 0] += counts.weightedFrequency
                    }
                    key.append(byte)
                }
                // The term's last prefix checked above is one byte short of `longestWord`: a longer term's
                // `longestWord`-byte prefix is a proper one too.
                if key.length == longestWord, bytes.next() != nil, lengths[key.length], let word = words[key] {
                    others[word, default: 0] += counts.weightedFrequency
                }
            }
            var found: [String: (frequency: Double, holdsWord: Bool)] = [:]
            for (word, frequency) in others {
                let own = terms.counts[word]
                found[word] = (frequency + (own?.weightedFrequency ?? 0), own != nil)
            }
            return found
        }
    }
}
