import CSQLite
import SQLiteKit

/// A frequent phrase of two tracked words kept as one word (schema v14): for `"read the"`, in 3,876 of 100,000
/// generated notes, the number of notes it matches, its **impact head** (the notes with the highest bm25
/// saturation of the phrase's `f`) and the **frontier** of all its other notes (``KeptHeads``). The phrase alone
/// is then ranked as one word is, from the head (``TopKSearch``), where one walk of it reads both words' position
/// lists: 15 ms at 100,000 notes for `"read the"`, whose `the` is in 97% of them.
///
/// Kept for every phrase of two tracked words of ASCII letters and digits (at most ``PrefixWords/longestWord``
/// bytes each) that is in as many notes as a tracked word must be (``RankingSettings/tracks(documents:rows:)``)
/// when the tables are built, in `topk_phrases(term, df, frontier)` and `topk_phrase_heads(term, first,
/// postings)`, keyed `"first second"`.
///
/// Built by ``build(_:settings:averageSize:window:slotLimit:bandBytes:)``: the phrases frequent enough in an evenly spaced
/// sample of notes (read as FTS5 reads the text, ``PhrasePairs``) are counted exactly from their words' position
/// lists in FTS5's leaves (``PhraseLeafPass``), with each note's size from `notes_fts_docsize`; a sampling miss
/// only leaves a phrase to its walk. Kept by the log replays (``Replay``) as the words' heads are, from the
/// logged text.
enum PhraseHead {
    /// The key of the phrase of `first` then `second`: a token never holds a space.
    static func key(_ first: String, _ second: String) -> String { first + " " + second }

    /// The two words of a key, or `nil` when it is not two.
    static func words(of key: String) -> (String, String)? {
        let parts = key.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// The key of a phrase of these query tokens, when it may have a head (two words, each as a prefix head's
    /// word may be), else `nil`.
    static func key(of tokens: [String]) -> String? {
        guard tokens.count == 2, PrefixHead.words(tokens).count == 2 else { return nil }
        return key(tokens[0], tokens[1])
    }

    /// Writes the heads of the frequent phrases of the tracked words (written before; the phrase tables empty),
    /// inside the caller's transaction, with heads of `settings.headSize` notes chosen at `averageSize`. The
    /// candidates come from a sample of the text; their notes are counted from the words' position lists in
    /// FTS5's leaves (``PhraseLeafPass``; `window`, `slotLimit` and `bandBytes` as there). When the leaves
    /// cannot say, no phrase is kept: each is then walked as before.
    static func build(_ db: Connection, settings: RankingSettings, averageSize: Double,
                      window: Int64 = PhraseLeafPass.defaultWindow, slotLimit: UInt64 = PhraseLeafPass.largestSlot,
                      bandBytes: Int = PhraseLeafPass.defaultBandBytes) throws {
        let words = PrefixHead.words(try db.query("SELECT term FROM topk_terms ORDER BY term") { $0.text(0) ?? "" })
        guard !words.isEmpty else { return }
        let tokenizer = try RankingTables.tokenizer(db)
        let sizes = try DocumentSizes(db)
        let rows = Int(sizes.totals.rows)
        let candidates = try sampled(db, words: words, tokenizer: tokenizer, rows: rows, settings: settings)
        guard !candidates.isEmpty else { return }
        let pairs = PhrasePairs(keys: candidates)
        var pass = PhraseLeafPass(pairs, headSize: settings.headSize, averageSize: averageSize, window: window,
                                  slotLimit: slotLimit, bandBytes: bandBytes)
        guard try pass.run(db, sizes: sizes) else { return }
        for (phrase, heap) in pass.heaps.enumerated() where settings.tracks(documents: heap.documents, rows: rows) {
            try KeptHeads.write(pairs.key(phrase), heap, db, .phrase)
        }
    }

    /// The phrases of `words` frequent enough in an evenly spaced sample of notes to be counted exactly: as
    /// ``RankingTables``' candidate words, 0.8 of the share that makes a phrase kept; every note of an index of
    /// up to ``RankingTables/sampleSize`` notes. Sorted keys.
    private static func sampled(_ db: Connection, words: [String], tokenizer: TermTokenizer, rows: Int,
                                settings: RankingSettings) throws -> [String] {
        let needed = max(Double(settings.minimumDocumentFrequency), settings.minimumShare * Double(rows),
                         Double(settings.headSize + 1))
        guard Double(rows) >= needed else { return [] }
        let pairs = PhrasePairs(everyPairOf: words)
        var counts = PhraseCounts(pairs)
        var documents: [Int32: Int] = [:]
        let sampled = try RankingTables.forEachSampledNote(db) { statement, id in
            for column in 0..<3 {
                counts.startColumn(column)
                guard statement.withBlob(Int32(column), { pairs.read($0, tokenizer, into: &counts) }) else {
                    throw SQLiteError(code: SQLITE_ERROR, message: "the tokenizer failed on note \(id)")
                }
            }
            for phrase in counts.found { documents[phrase, default: 0] += 1 }
            counts.endNote()
        }
        let least = needed / Double(rows) * 0.8 * Double(sampled)
        return documents.filter { Double($0.value) >= least }.keys.map { pairs.key(Int($0)) }.sorted()
    }

    /// The phrase heads' changes of one log replay (``RankingTables/applyLog(_:)``): each logged note leaves the
    /// heads of the phrases its old text held and joins, unless the frontier covers it, those its current text
    /// holds; `df` follows (``KeptHeads/Replay``).
    struct Replay {
        private var heads: KeptHeads.Replay
        private let pairs: PhrasePairs
        private var counts: PhraseCounts
        private let tokenizer: TermTokenizer

        init(_ db: Connection, tokenizer: TermTokenizer) throws {
            heads = try KeptHeads.Replay(db, .phrase)
            pairs = PhrasePairs(keys: heads.keys.sorted())
            counts = PhraseCounts(pairs)
            self.tokenizer = tokenizer
        }

        /// Takes note `note`, with its old column values, out of its phrases.
        mutating func remove(note: Int64, title: String, body: String, tags: String) throws {
            guard pairs.count > 0 else { return }
            heads.remove(note: note, from: try frequencies(note, [title, body, tags]).keys)
        }

        /// Counts note `note`, with its current column values and size, into its phrases.
        mutating func add(note: Int64, title: String, body: String, tags: String, size: Int) throws {
            guard pairs.count > 0 else { return }
            heads.add(note: note, frequencies: try frequencies(note, [title, body, tags]), size: size)
        }

        /// Writes the changed heads and counts.
        func save(_ db: Connection) throws {
            try heads.save(db)
        }

        /// The weighted frequency of each phrase the note's columns hold.
        private mutating func frequencies(_ note: Int64, _ columns: [String]) throws -> [String: Double] {
            for (column, value) in columns.enumerated() {
                counts.startColumn(column)
                var text = value
                guard text.withUTF8({ pairs.read(UnsafeRawBufferPointer($0), tokenizer, into: &counts) }) else {
                    throw SQLiteError(code: SQLITE_ERROR, message: "the tokenizer failed on note \(note)")
                }
            }
            var found: [String: Double] = [:]
            for phrase in counts.found { found[pairs.key(Int(phrase))] = counts.frequency(phrase) }
            counts.endNote()
            return found
        }
    }
}
