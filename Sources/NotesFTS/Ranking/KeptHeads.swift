import SQLiteKit

/// Impact heads kept for what is ranked as one word without being one tracked word: a tracked word's prefix
/// (``PrefixHead``, `idea*`) and a frequent phrase of two tracked words (``PhraseHead``, `"read the"`).
///
/// Each kind has two tables: one row per key with its `df` (the notes it matches) and the ``ImpactFrontier``
/// of its notes outside the head, and the head itself in posting blocks (``PostingStore``). A query of the key
/// alone is then ranked from the head as one word is (``TopKSearch``). The log replay keeps both as it keeps a
/// word's head (``Replay``): a note coming in joins the head unless the frontier covers its `(f, D)`, a note
/// going out leaves it, and `df` follows; so a note outside the head is covered by the frontier whatever `N`
/// and `avgdl` become, and the head route's bound stays safe (docs/top-k.md).
enum KeptHeads {
    /// What the keys are.
    enum Kind {
        /// A tracked word standing for its prefix: `topk_prefixes`, `topk_prefix_heads` (from v13).
        case prefix
        /// Two tracked words, one space between, standing for that phrase: `topk_phrases`, `topk_phrase_heads`
        /// (from v14).
        case phrase

        /// The table of keys, with `df` and frontier.
        var keyTable: String {
            switch self {
            case .prefix: "topk_prefixes"
            case .phrase: "topk_phrases"
            }
        }

        /// The table of heads.
        var headTable: PostingStore.Table {
            switch self {
            case .prefix: .prefixHead
            case .phrase: .phraseHead
            }
        }
    }

    /// The key's figures as a query reads them (its `df`, head and frontier), or `nil` when none are kept.
    static func load(_ key: String, _ db: Connection, _ kind: Kind) throws -> TopKTokenStatistics? {
        guard let row = try db.query("SELECT df, frontier FROM \(kind.keyTable) WHERE term = ?1", [.text(key)], {
            ($0.int64(0), ImpactFrontier(encoded: $0.blob(1) ?? []))
        }).first, let frontier = row.1 else { return nil }
        return TopKTokenStatistics(documents: row.0, entries: TopKTokenStatistics.entries(try PostingStore.load(key, db, from: kind.headTable)),
                                   frontier: frontier)
    }

    /// The number of notes the key matches, or `nil` when none is kept for it.
    static func documentFrequency(_ key: String, _ db: Connection, _ kind: Kind) throws -> Int? {
        try db.scalarInt("SELECT df FROM \(kind.keyTable) WHERE term = ?1", [.text(key)])
    }

    /// Writes the key's row and head, from `heap` (fed every note the key matches), inside the caller's transaction.
    static func write(_ key: String, _ heap: ImpactHeap, _ db: Connection, _ kind: Kind) throws {
        try PostingStore.write(key, ImpactHeap.headList(heap.entries), db, to: kind.headTable)
        let insert = try db.cached("INSERT INTO \(kind.keyTable)(term, df, frontier) VALUES (?1, ?2, ?3)")
        try insert.bind([.text(key), .integer(Int64(heap.documents)), .blob(heap.frontier.encoded)])
        try insert.run()
    }

    /// One kind's changes in one log replay (``RankingTables/applyLog(_:)``): the notes leaving and joining each
    /// key's head, and the keys' counts, written once at the end.
    struct Replay {
        private let kind: Kind
        private var documents: [String: Int64] = [:]
        private var loaded: [String: Int64] = [:]
        private var frontiers: [String: ImpactFrontier] = [:]
        private var postings: [String: [Int64: PostingChange]] = [:]

        init(_ db: Connection, _ kind: Kind) throws {
            self.kind = kind
            let rows = try db.query("SELECT term, df, frontier FROM \(kind.keyTable)") { row in
                (row.text(0) ?? "", row.int64(1), ImpactFrontier(encoded: row.blob(2) ?? []) ?? ImpactFrontier())
            }
            for (key, df, frontier) in rows {
                loaded[key] = df
                frontiers[key] = frontier
            }
            documents = loaded
        }

        /// The keys kept.
        var keys: Dictionary<String, Int64>.Keys { loaded.keys }

        /// Takes note `note` out of the keys it matched (each key once).
        mutating func remove(note: Int64, from keys: some Sequence<String>) {
            for key in keys {
                documents[key, default: 0] -= 1
                postings[key, default: [:]][note] = .remove
            }
        }

        /// Counts note `note`, of `size` tokens, into the keys it matches, with its weighted frequency of each;
        /// it joins a key's head unless the frontier already covers its `(f, D)`.
        mutating func add(note: Int64, frequencies: [String: Double], size: Int) {
            for (key, frequency) in frequencies {
                documents[key, default: 0] += 1
                postings[key, default: [:]][note] = frontiers[key]?.covers(frequency: frequency, size: size) == true
                    ? .remove : .put(frequency: frequency, size: size)
            }
        }

        /// Writes the changed heads and counts.
        func save(_ db: Connection) throws {
            for (key, notes) in postings.sorted(by: { $0.key < $1.key }) {
                try PostingStore.apply(key, notes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, db, to: kind.headTable)
                guard let count = documents[key], count != loaded[key] else { continue }
                try db.run("UPDATE \(kind.keyTable) SET df = ?2 WHERE term = ?1", [.text(key), .integer(count)])
            }
        }
    }
}
