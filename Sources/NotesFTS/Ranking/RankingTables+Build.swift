import CSQLite
import SQLiteKit

extension RankingTables {
    /// Notes tokenized to find the candidate frequent terms (the build then reads each candidate's notes from
    /// FTS5 itself, so a sampling miss only leaves a term untracked, never a wrong figure).
    static let sampleSize = 2_000

    /// Most postings written between two calls of a rebuild's `step` (``rebuild(_:settings:postingsPerStep:step:source:)``).
    static let postingsPerStep = 1_000_000

    /// One tracked term as the build computed it: the rows it gets in `topk_terms`, `topk_heads`,
    /// `topk_postings` and `topk_upper`.
    struct TrackedTerm: Sendable {
        var term: String
        /// The exact number of notes holding it.
        var documents: Int
        /// Its ``ImpactFrontier``, encoded.
        var frontier: [UInt8]
        /// Its impact head.
        var head: [ImpactHeap.Entry]
        /// Its complete posting list.
        var postings: PostingList
        /// Its upper tier, split from ``postings`` by the pass (on a worker of ``RankingScan``, not the writer).
        var upper: UpperTier
    }

    /// Recomputes the tables from `notes_fts` (inside the caller's transaction): the tracked terms
    /// (``collect(_:settings:_:)``, on `db` itself unless `source` hands them over, as ``RankingScan`` does from
    /// another thread) are written in term order, then the words' prefix heads (``PrefixHead``) and the frequent
    /// phrases' heads (``PhraseHead``), then the tables are marked built.
    ///
    /// `step` runs between terms, once at least `postingsPerStep` postings were written since the last: a first
    /// build commits there (``NoteIndex/finishFirstBuild(_:)``). The tables are marked built only at the end, so
    /// no query uses them while part of them is committed (``isCurrent(_:)``).
    static func rebuild(_ db: Connection, settings: RankingSettings, postingsPerStep: Int = RankingTables.postingsPerStep,
                        step: () throws -> Void = {},
                        source: (((TrackedTerm) throws -> Void) throws -> Void)? = nil) throws {
        try db.execute("""
            DELETE FROM topk_terms; DELETE FROM topk_heads; DELETE FROM topk_postings; DELETE FROM topk_upper;
            DELETE FROM topk_prefixes; DELETE FROM topk_prefix_heads; DELETE FROM topk_phrases;
            DELETE FROM topk_phrase_heads; DELETE FROM topk_log;
            """)
        try db.run("DELETE FROM meta WHERE key = ?1", [.text(metaKey)])
        try SizeBlocks.fill(db)
        var unstepped = 0
        func add(_ tracked: TrackedTerm) throws {
            if unstepped >= postingsPerStep {
                try step()
                unstepped = 0
            }
            try write(tracked, db)
            unstepped += tracked.postings.count
        }
        if let source { try source(add) } else { try collect(db, settings: settings, add) }
        // Any average size chooses a safe head (the frontier covers the rest whatever it is): FTS5's record when
        // it is there, which inside a bulk build's transaction it may not be yet.
        let averageSize = try totals(db)?.averageSize ?? 100
        try PrefixHead.build(db, settings: settings, averageSize: averageSize)
        try PhraseHead.build(db, settings: settings, averageSize: averageSize)
        try db.run("""
            INSERT INTO meta(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, [.text(metaKey), .text(formatVersion)])
    }

    /// Computes the tracked terms of `notes_fts` in term order, reading only: candidate terms from a sample of
    /// notes (``collection(_:settings:)``), then, per candidate, one pass over its FTS5 doclist collecting the
    /// exact document frequency, the impact head and the frontier, and the complete posting list
    /// (``TermPass``); `each` gets every candidate that is tracked. Any connection to the index will do.
    static func collect(_ db: Connection, settings: RankingSettings, _ each: (TrackedTerm) throws -> Void) throws {
        guard let collection = try collection(db, settings: settings) else { return }
        let pass = try TermPass(db, sizes: collection.sizes)
        defer { pass.close() }
        for candidate in collection.candidates {
            if let tracked = try pass.track(candidate, settings: settings) { try each(tracked) }
        }
    }

    /// What the passes over the candidates' doclists share.
    struct Collection: Sendable {
        /// Every note's size, and the totals bm25 uses.
        var sizes: DocumentSizes
        /// The candidate terms, sorted.
        var candidates: [String]
    }

    /// The note sizes and the candidate terms of `notes_fts` (``candidates(_:_:totals:settings:)``); `nil` for
    /// an empty index.
    static func collection(_ db: Connection, settings: RankingSettings) throws -> Collection? {
        let sizes = try DocumentSizes(db)
        // From the per-note sizes, not FTS5's averages record: inside a bulk build's transaction that record
        // is only written at commit.
        guard sizes.totals.rows > 0 else { return nil }
        return Collection(sizes: sizes, candidates: try candidates(db, tokenizer(db), totals: sizes.totals, settings: settings))
    }

    /// Candidates' passes over their doclists through one connection: `notes_topk_collect(notes_fts)`
    /// (``ImpactCollector``) over each candidate's FTS5 query, or the doclist read from FTS5's leaves
    /// (``SegmentPostings``) where those alone are the answer. A connection may run one at a time.
    final class TermPass {
        private let collector = ImpactCollector()
        private let statement: Statement
        private let totals: FullTextTotals
        private let db: Connection
        private let leaves: SegmentPostings?
        /// Candidates read from the leaves, and from FTS5 queries.
        private(set) var fromLeaves = 0, fromQueries = 0

        /// Registers the collector on `db` and prepares its query. With `readsLeaves`, each candidate's
        /// doclist is read from the leaves when they alone are FTS5's answer: only for a connection that
        /// has not written `notes_fts` in an open transaction (FTS5's pending terms are not in the leaves)
        /// and is not in one (each candidate is read in a read transaction of its own).
        init(_ db: Connection, sizes: DocumentSizes, readsLeaves: Bool = false) throws {
            self.db = db
            leaves = readsLeaves ? try SegmentPostings(db) : nil
            guard let handle = db.handle, collector.register(on: handle) == SQLITE_OK else {
                throw SQLiteError(code: SQLITE_ERROR, message: "cannot register \(ImpactCollector.functionName)")
            }
            collector.sizes = sizes
            totals = sizes.totals
            statement = try db.prepare("""
                SELECT \(ImpactCollector.functionName)(notes_fts) FROM notes_fts WHERE notes_fts MATCH ?1
                """)
        }

        /// The rows `candidate` gets, or `nil` when it is not frequent enough to be tracked.
        func track(_ candidate: String, settings: RankingSettings) throws -> TrackedTerm? {
            collector.heap = ImpactHeap(capacity: settings.headSize, averageSize: totals.averageSize)
            collector.postings = PostingList()
            defer {
                collector.heap = nil
                collector.postings = PostingList()
            }
            if let leaves, let found = try db.transaction(.deferred, { try leaves.postings(of: candidate) }) {
                collector.postings.reserve(found.ids.count)
                for index in found.ids.indices { collector.add(found.ids[index], frequency: found.frequencies[index]) }
                fromLeaves += 1
            } else {
                try statement.bind([.text(matchString(candidate))])
                try statement.run()
                fromQueries += 1
            }
            guard let heap = collector.heap, settings.tracks(documents: heap.documents, rows: Int(totals.rows)) else {
                return nil
            }
            return TrackedTerm(term: candidate, documents: heap.documents, frontier: heap.frontier.encoded,
                               head: heap.entries, postings: collector.postings,
                               upper: UpperTier(splitting: collector.postings, share: settings.upperShare,
                                                averageSize: totals.averageSize))
        }

        /// Finalizes the query (before its connection closes).
        func close() {
            statement.finalize()
            leaves?.close()
            collector.sizes = nil
        }
    }

    /// Writes the rows of one tracked term.
    static func write(_ tracked: TrackedTerm, _ db: Connection) throws {
        let term = try db.cached("INSERT INTO topk_terms(term, df, frontier, cut) VALUES (?1, ?2, ?3, ?4)")
        try term.bind([.text(tracked.term), .integer(Int64(tracked.documents)), .blob(tracked.frontier),
                       .blob(tracked.upper.cut.encoded)])
        try term.run()
        try PostingStore.write(tracked.term, ImpactHeap.headList(tracked.head), db, to: .head)
        try PostingStore.write(tracked.term, tracked.postings, db)
        try PostingStore.write(tracked.term, tracked.upper.postings, db, to: .upper)
    }

    /// Terms frequent enough in an evenly spaced sample of notes to be worth an exact count (0.8 of the share
    /// that makes a term tracked: with 2,000 notes sampled, a term at the threshold falls below that about once
    /// in a thousand, and is then only left untracked), whose query form is the term itself.
    private static func candidates(_ db: Connection, _ tokenizer: TermTokenizer, totals: FullTextTotals,
                                   settings: RankingSettings) throws -> [String] {
        let rows = Int(totals.rows)
        let needed = max(Double(settings.minimumDocumentFrequency), settings.minimumShare * Double(rows),
                         Double(settings.headSize + 1))
        guard Double(rows) >= needed else { return [] }
        var documents: [String: Int] = [:]
        let sampled = try forEachSampledNote(db) { statement, _ in
            let terms = tokenizer.terms(title: statement.text(0) ?? "", body: statement.text(1) ?? "", tags: statement.text(2) ?? "")
            for term in terms.counts.keys { documents[term, default: 0] += 1 }
        }
        guard sampled > 0 else { return [] }
        let share = needed / Double(rows) * 0.8
        return documents.filter { Double($0.value) >= share * Double(sampled) }.keys
            .filter { term in tokenizer.queryTokens(term)?.map { Array($0.utf8) } == [Array(term.utf8)] }.sorted()
    }

    /// Calls `each` with the `title, body, tags` row of each note of an evenly spaced sample of about
    /// ``sampleSize`` notes (every note of a smaller index), and its id; returns how many it called it for.
    /// The candidate words are counted in it, and the candidate phrases (``PhraseHead``).
    static func forEachSampledNote(_ db: Connection, _ each: (Statement, Int64) throws -> Void) throws -> Int {
        let highest = try db.scalarInt("SELECT max(id) FROM notes") ?? 0
        let step = max(highest / sampleSize, 1)
        var sampled = 0
        let statement = try db.prepare("SELECT title, body, tags FROM \(Schema.fullTextContent) WHERE id = ?1")
        defer { statement.finalize() }
        for id in stride(from: step, through: highest, by: step) {
            try statement.bind([.integer(Int64(id))])
            guard try statement.step() else { continue }
            sampled += 1
            try each(statement, Int64(id))
        }
        return sampled
    }
}
