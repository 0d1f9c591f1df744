import SQLiteKit

extension RankingTables {
    /// Replays the log when a write left something in it (cheap when it did not).
    static func catchUp(_ db: Connection) throws {
        if try db.scalarInt("SELECT EXISTS (SELECT 1 FROM topk_log)") == 1 { try applyLog(db) }
    }

    /// Brings the tables up to date with the writes the triggers logged, then empties the log (inside the
    /// caller's transaction). Per note, in log order: if its first entry carries old text, the note was in the
    /// tables and goes out with those terms; if it is in `notes` now, it comes back in with its current text,
    /// and its size in ``SizeBlocks`` becomes its current one (no size when it is gone).
    /// Tables that were never built only have their log emptied.
    static func applyLog(_ db: Connection) throws {
        guard try isBuilt(db) else {
            try db.execute("DELETE FROM topk_log")
            return
        }
        var firstIsRemoval: [Int64: Bool] = [:]
        var order: [Int64] = []
        var removals: [Int64: (String, String, String)] = [:]
        _ = try db.query("SELECT note, title, body, tags FROM topk_log ORDER BY seq") { row in
            let note = row.int64(0)
            guard firstIsRemoval[note] == nil else { return }
            order.append(note)
            let isRemoval = !row.isNull(1)
            firstIsRemoval[note] = isRemoval
            if isRemoval { removals[note] = (row.text(1) ?? "", row.text(2) ?? "", row.text(3) ?? "") }
        }
        var tracked = try TrackedTerms(db)
        var prefixes = try PrefixHead.Replay(db)
        let tokenizer = try tokenizer(db)
        var phrases = try PhraseHead.Replay(db, tokenizer: tokenizer)
        var sizes: [Int64: Int?] = [:]
        for note in order {
            if let (title, body, tags) = removals[note] {
                let terms = tokenizer.terms(title: title, body: body, tags: tags)
                tracked.remove(note: note, terms: terms)
                prefixes.remove(note: note, terms: terms)
                try phrases.remove(note: note, title: title, body: body, tags: tags)
            }
            let current = try db.query("SELECT title, body, tags FROM \(Schema.fullTextContent) WHERE id = ?1", [.integer(note)]) { row in
                (row.text(0) ?? "", row.text(1) ?? "", row.text(2) ?? "")
            }
            sizes[note] = .some(nil)
            if let (title, body, tags) = current.first, let size = try DocumentSizes.size(of: note, db) {
                let terms = tokenizer.terms(title: title, body: body, tags: tags)
                tracked.add(note: note, terms: terms, size: size)
                prefixes.add(note: note, terms: terms, size: size)
                try phrases.add(note: note, title: title, body: body, tags: tags, size: size)
                sizes[note] = size
            }
        }
        try tracked.saveDocumentFrequencies(db)
        try SizeBlocks.update(sizes, db)
        try tracked.savePostings(db)
        try prefixes.save(db)
        try phrases.save(db)
        try db.execute("DELETE FROM topk_log")
    }
}

/// The tracked terms' document frequencies and frontiers, loaded once per log replay, and the changes to
/// their posting lists, written once at its end.
private struct TrackedTerms {
    var documents: [String: Int64] = [:]
    /// The document frequencies as loaded (a term whose notes were only updated keeps its count).
    var loadedDocuments: [String: Int64] = [:]
    var frontiers: [String: ImpactFrontier] = [:]
    /// Each term's upper tier's cut (``UpperTier``): a note it covers is outside the tier.
    var cuts: [String: ImpactFrontier] = [:]
    var changed: Set<String> = []
    /// Per term, the notes whose posting goes or changes (a note's last change wins: it is replayed once,
    /// its old text out, then its current text in).
    var postings: [String: [Int64: PostingChange]] = [:]
    /// The same for the terms' upper tiers.
    var upperPostings: [String: [Int64: PostingChange]] = [:]
    /// The same for the terms' impact heads.
    var headPostings: [String: [Int64: PostingChange]] = [:]

    init(_ db: Connection) throws {
        _ = try db.query("SELECT term, df, frontier, cut FROM topk_terms") { row in
            let term = row.text(0) ?? ""
            documents[term] = row.int64(1)
            frontiers[term] = ImpactFrontier(encoded: row.blob(2) ?? []) ?? ImpactFrontier()
            // A cut that does not decode covers nothing: every note coming in joins the tier.
            cuts[term] = ImpactFrontier(encoded: row.blob(3) ?? []) ?? ImpactFrontier()
        }
        loadedDocuments = documents
    }

    mutating func remove(note: Int64, terms: DocumentTerms) {
        for term in terms.counts.keys where documents[term] != nil {
            documents[term, default: 0] -= 1
            changed.insert(term)
            postings[term, default: [:]][note] = .remove
            upperPostings[term, default: [:]][note] = .remove
            headPostings[term, default: [:]][note] = .remove
        }
    }

    /// Counts the note in; it joins a term's head unless the term's frontier already covers its `(f, D)`.
    mutating func add(note: Int64, terms: DocumentTerms, size: Int) {
        for (term, counts) in terms.counts where documents[term] != nil {
            documents[term, default: 0] += 1
            changed.insert(term)
            let frequency = counts.weightedFrequency
            postings[term, default: [:]][note] = .put(frequency: frequency, size: size)
            upperPostings[term, default: [:]][note] = UpperTier.change(under: cuts[term, default: ImpactFrontier()],
                                                                       frequency: frequency, size: size)
            // A note the frontier covers stays out of the head, or goes out of it (its text changed).
            headPostings[term, default: [:]][note] = frontiers[term]?.covers(frequency: frequency, size: size) == true
                ? .remove : .put(frequency: frequency, size: size)
        }
    }

    func savePostings(_ db: Connection) throws {
        for (table, changes) in [(PostingStore.Table.complete, postings), (.upper, upperPostings), (.head, headPostings)] {
            for (term, notes) in changes.sorted(by: { $0.key < $1.key }) {
                try PostingStore.apply(term, notes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, db, to: table)
            }
        }
    }

    func saveDocumentFrequencies(_ db: Connection) throws {
        for term in changed.sorted() where documents[term] != loadedDocuments[term] {
            try db.run("UPDATE topk_terms SET df = ?2 WHERE term = ?1", [.text(term), .integer(documents[term] ?? 0)])
        }
    }
}
