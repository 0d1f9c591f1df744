import SQLiteKit

/// A tracked word's prefix kept as one word (schema v13): for `idea*`, whose expansions `idea` and `ideas` are
/// both tracked, the number of notes the prefix matches, its **impact head** (the notes with the highest bm25
/// saturation of the prefix's whole `f`, the sum over its expansions) and the **frontier** of all its other
/// notes. `idea*` alone is then ranked as one word is, from the head (``TopKSearch``), where its complete lists
/// cost 4.6 ms at 100,000 notes and 49 ms at 1,000,000.
///
/// Kept for every tracked word of ASCII letters and digits of at most ``PrefixWords/longestWord`` bytes whose
/// prefix passes the prefix limits when the tables are built:
/// - `topk_prefixes(term, df, frontier)`: the notes holding any word that begins with it, and the frontier;
/// - `topk_prefix_heads(term, first, postings)` (``PostingStore/Table/prefixHead``): the head, in posting blocks.
///
/// Built by ``build(_:settings:averageSize:)`` from the prefix's complete list (``PrefixPostings/load(_:_:reading:)``, exact);
/// kept by the log replays (``Replay``) as the words' heads are: a note coming in joins the head unless the
/// frontier covers its `(f, D)`, a note going out leaves it, and `df` follows. A note outside the head is covered
/// by the frontier whatever `N` and `avgdl` become, so the head route's bound is safe (docs/top-k.md).
enum PrefixHead {
    /// The prefix `word*`'s figures as a query reads them (its `df`, head and frontier), or `nil` when none are kept.
    static func load(_ word: String, _ db: Connection) throws -> TopKTokenStatistics? {
        try KeptHeads.load(word, db, .prefix)
    }

    /// The tracked words a prefix head is kept for, of `tracked`.
    static func words(_ tracked: [String]) -> [String] {
        tracked.filter { PrefixPostings.isServed($0) && $0.utf8.count <= PrefixWords.longestWord }
    }

    /// Writes the prefix heads of the tracked words (written before, with `topk_sizes`; the prefix tables empty),
    /// inside the caller's transaction, with heads of `settings.headSize` notes chosen at `averageSize`.
    static func build(_ db: Connection, settings: RankingSettings, averageSize: Double) throws {
        let tracked = try db.query("SELECT term FROM topk_terms ORDER BY term") { $0.text(0) ?? "" }
        for word in words(tracked) {
            guard case .success(let list) = try PrefixPostings.load(word, db) else { continue }
            var heap = ImpactHeap(capacity: settings.headSize, averageSize: averageSize)
            for index in 0..<list.count {
                heap.add(note: list.ids[index], frequency: list.frequencies[index], size: Int(list.sizes[index]))
            }
            try KeptHeads.write(word, heap, db, .prefix)
        }
    }

    /// The prefix heads' changes of one log replay (``RankingTables/applyLog(_:)``), as the words' heads change:
    /// each logged note leaves the heads of the prefixes its old terms matched and joins, unless the frontier
    /// covers it, those its current terms match; `df` follows (``KeptHeads/Replay``).
    struct Replay {
        private let words: PrefixWords
        private var heads: KeptHeads.Replay

        init(_ db: Connection) throws {
            heads = try KeptHeads.Replay(db, .prefix)
            words = PrefixWords(heads.keys)
        }

        /// Takes note `note`, with its old `terms`, out of its prefixes.
        mutating func remove(note: Int64, terms: DocumentTerms) {
            guard !words.isEmpty else { return }
            heads.remove(note: note, from: words.prefixFrequencies(of: terms).keys)
        }

        /// Counts note `note`, with its current `terms` and size, into its prefixes; it joins a prefix's head
        /// unless the frontier already covers its `(f, D)`.
        mutating func add(note: Int64, terms: DocumentTerms, size: Int) {
            guard !words.isEmpty else { return }
            heads.add(note: note, frequencies: words.prefixFrequencies(of: terms), size: size)
        }

        /// Writes the changed heads and counts.
        func save(_ db: Connection) throws {
            try heads.save(db)
        }
    }
}
