import SQLiteKit

/// The complete posting list of a prefix (`read*`) as FTS5's bm25 sees it: one phrase whose instances are the
/// tokens of every indexed term beginning with the prefix. For each note the weighted frequency is the sum of
/// its expansions' frequencies and its document frequency is the number of notes holding any expansion.
///
/// Why the sum is exact: the prefix is limited to ASCII letters and digits, and the tokenizer gives such text
/// one token a position with no colocated token. So a position matches the prefix through exactly one
/// expansion, and FTS5's instance count for the prefix phrase is the sum of the expansions' counts. The
/// weighted frequencies are integers (the column weights are), so summing them in another order than FTS5
/// changes nothing.
///
/// The expansions are listed by ``expansions(_:_:limit:)``. The tracked ones' lists come from `topk_postings`; the
/// rare ones come from one FTS5 walk each (``MatchStatistics``). The list is merged
/// by note id.
enum PrefixPostings {
    /// More expansions than this and the prefix is scored in full (a one- or two-letter prefix of a large
    /// vocabulary): listing and merging them would cost what full scoring costs.
    static let expansionLimit = 1_000
    /// The untracked expansions' notes FTS5 reads one row at a time (with their figures) may be this many, or
    /// ``untrackedShare`` of all the expansions' notes if that is more; beyond, the prefix is scored in full,
    /// which reads every note of the prefix once.
    static let untrackedNoteLimit = 4 * TopKTokenStatistics.untrackedLimit
    /// See ``untrackedNoteLimit``.
    static let untrackedShare = 0.25

    /// The limits a prefix is scored in full beyond (``expansionLimit``, ``untrackedNoteLimit``,
    /// ``untrackedShare``; tests lower them).
    struct Limits {
        var expansions = expansionLimit
        var untrackedNotes = untrackedNoteLimit
        var untrackedShare = PrefixPostings.untrackedShare
    }

    /// Whether `prefix` (a token as the tokenizer gives it) is one the path serves: ASCII letters and digits.
    static func isServed(_ prefix: String) -> Bool {
        !prefix.isEmpty && prefix.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// The first string after every string beginning with `prefix`, in byte order (`read` → `reae`).
    static func upperBound(_ prefix: String) -> String {
        var bytes = Array(prefix.utf8)
        bytes[bytes.count - 1] += 1
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first `limit` tracked terms beginning with `prefix` (in `topk_terms`), in term order, with their `df`.
    static func trackedExpansions(_ prefix: String, _ db: Connection, limit: Int) throws -> [(term: String, documents: Int)] {
        try db.query("SELECT term, df FROM topk_terms WHERE term >= ?1 AND term < ?2 ORDER BY term LIMIT ?3",
                     [.text(prefix), .text(upperBound(prefix)), .integer(Int64(limit))]) { ($0.text(0) ?? "", $0.int(1)) }
    }

    /// Whether some tracked term begins with `prefix` (one key lookup).
    static func hasTrackedExpansion(_ prefix: String, _ db: Connection) throws -> Bool {
        try db.scalarInt("SELECT count(*) FROM (SELECT 1 FROM topk_terms WHERE term >= ?1 AND term < ?2 LIMIT 1)",
                         [.text(prefix), .text(upperBound(prefix))]) == 1
    }

    /// One indexed term beginning with a prefix.
    struct Expansion: Equatable {
        var term: String
        /// The number of notes holding it.
        var documents: Int
        /// Whether its posting list is stored (`topk_terms`).
        var tracked: Bool
    }

    /// Every indexed term beginning with `prefix`, in term order, with its document frequency; at most
    /// `limit + 1` of them (one more says there are too many).
    ///
    /// The tracked ones, with their `df`, come from `topk_terms`. The others come from `fts5vocab`, one range
    /// between two tracked terms at a time: `fts5vocab` counts the notes of every term its range holds by reading
    /// its doclist, and a tracked expansion is the longest of them (`read`: 30,268 of the 31,191 notes of `read*`
    /// at 100,000 notes; listing the whole range cost 1.0 ms there, the ranges without it 0.1 ms). A range starts
    /// just after the tracked term before it (`term >= "read\0"`, the first string after `read` in byte
    /// order), so the tracked term itself is not read. The term after a range is still counted by `fts5vocab`
    /// before it sees that the range is over, so a tracked term that ends a range is read once.
    static func expansions(_ prefix: String, _ db: Connection, limit: Int) throws -> [Expansion] {
        let end = upperBound(prefix)
        let tracked = try trackedExpansions(prefix, db, limit: limit + 1).map {
            Expansion(term: $0.term, documents: $0.documents, tracked: true)
        }
        try db.execute(Vocabulary.fts5VocabularySQL)
        let untracked = try db.cached("""
            SELECT term, doc FROM temp.notes_fts_terms WHERE term >= ?1 AND term < ?2 LIMIT ?3
            """)
        var all: [Expansion] = []
        var start = prefix
        for next in tracked.map(\.term) + [end] {
            if start < next && all.count <= limit {
                try untracked.bind([.text(start), .text(next), .integer(Int64(limit + 1 - all.count))])
                try untracked.forEachRow { row in
                    all.append(Expansion(term: row.text(0) ?? "", documents: row.int(1), tracked: false))
                }
            }
            start = next + "\u{0}"
        }
        return (all + tracked).sorted { $0.term < $1.term }.prefix(limit + 1).map { $0 }
    }

    /// A prefix's lists before they are merged: its tracked expansions (decoded from `topk_postings` straight
    /// into the query's room by ``fill(_:_:into:at:)``) and one list of its untracked expansions' notes.
    struct Parts {
        /// The tracked expansions and their `df`.
        var tracked: [(term: String, documents: Int)] = []
        /// The untracked expansions' notes, figures summed over them.
        var untracked = PostingList()
        /// The most postings the merged list can hold.
        var upperBound: Int { tracked.reduce(untracked.count) { $0 + $1.documents } }
    }

    /// How the untracked expansions' notes are read (tests take each way).
    enum UntrackedReading: Equatable {
        /// From FTS5's leaves (``PrefixPostings/partsFromLeaves(_:_:limits:)``) where they can say, else as
        /// `.fts5(scanBelow: instanceScanNotesPerTerm)`.
        case leaves
        /// By FTS5: a run of terms in fewer than `scanBelow` notes a term on average in one scan of its
        /// instances, any other term in one walk.
        case fts5(scanBelow: Int)
    }

    /// The parts of `prefix`'s complete list, or why it is scored in full instead.
    static func parts(_ prefix: String, _ db: Connection, reading: UntrackedReading = .leaves,
                      limits: Limits = Limits()) throws -> Result<Parts, TopKQuery.Unsupported> {
        if reading == .leaves, let parts = try partsFromLeaves(prefix, db, limits: limits) { return parts }
        let expansions = try expansions(prefix, db, limit: limits.expansions)
        guard expansions.count <= limits.expansions else { return .failure(tooManyExpansions(prefix, limits)) }
        var parts = Parts()
        // The untracked expansions, in runs of consecutive terms (between two tracked ones).
        var runs: [(terms: [String], documents: Int)] = []
        var untrackedNotes = 0
        var afterTracked = true
        for expansion in expansions {
            if expansion.tracked {
                parts.tracked.append((expansion.term, expansion.documents))
                afterTracked = true
            } else {
                if afterTracked { runs.append(([], 0)) }
                runs[runs.count - 1].terms.append(expansion.term)
                runs[runs.count - 1].documents += expansion.documents
                untrackedNotes += expansion.documents
                afterTracked = false
            }
        }
        let allNotes = expansions.reduce(0) { $0 + $1.documents }
        if let tooMany = tooManyUntracked(prefix, notes: untrackedNotes, of: allNotes, limits) { return .failure(tooMany) }
        if !runs.isEmpty { parts.untracked = try untrackedList(runs, db, reading: reading) }
        return .success(parts)
    }

    static func tooManyExpansions(_ prefix: String, _ limits: Limits) -> TopKQuery.Unsupported {
        .init(reason: "\"\(prefix)*\" has more than \(limits.expansions) expansions, scored in full")
    }

    /// Why a prefix whose untracked expansions are in `notes` notes (summed over them), of `all` for all its
    /// expansions, is scored in full; `nil` when they are few enough.
    static func tooManyUntracked(_ prefix: String, notes: Int, of all: Int, _ limits: Limits) -> TopKQuery.Unsupported? {
        let limit = max(limits.untrackedNotes, Int(limits.untrackedShare * Double(all)))
        guard notes > limit else { return nil }
        return .init(reason: "\"\(prefix)*\": its untracked expansions are in more than \(limit) notes, scored in full")
    }

    /// The complete list of `prefix` in a list of its own, or why it is scored in full instead.
    static func load(_ prefix: String, _ db: Connection,
                     reading: UntrackedReading = .leaves) throws -> Result<PostingList, TopKQuery.Unsupported> {
        switch try parts(prefix, db, reading: reading) {
        case .failure(let unsupported): return .failure(unsupported)
        case .success(let parts):
            var list = PostingList()
            var filled = 0
            list.extend(by: parts.upperBound)
            try fill(parts, db, into: &list, at: &filled)
            list.truncate(to: filled)
            return .success(list)
        }
    }

    /// Writes the merged list of `parts` into `list` from `filled` on (room for ``Parts/upperBound`` postings
    /// made by the caller), advancing `filled`. With one tracked expansion (`read` of `read*`: 300,000 of its
    /// 319,000 notes at 1,000,000 notes), that list is decoded just past room for the untracked notes and the
    /// two are merged in place: merging into a list of its own and copying that into the query's room cost two
    /// passes over fresh memory.
    static func fill(_ parts: Parts, _ db: Connection, into list: inout PostingList, at filled: inout Int) throws {
        switch parts.tracked.count {
        case 0:
            list.place(parts.untracked, at: &filled)
        case 1:
            let start = filled + parts.untracked.count
            var end = start
            try PostingStore.load(parts.tracked[0].term, db, into: &list, at: &end)
            filled = list.merge(parts.untracked, inPlaceOf: start..<end)
        default:
            let lists = try parts.tracked.map { try PostingStore.load($0.term, db) } + [parts.untracked]
            list.place(merged(lists), at: &filled)
        }
    }

    /// Below this many notes a term on average, a run of untracked expansions is read in one scan of FTS5's
    /// instances rather than one FTS5 walk a term. A walk costs about 11 µs to set up; the scan costs about
    /// 0.12 µs more a note (it makes a row of every instance). Both figures come from `read*`'s 46 untracked
    /// expansions: in 1,899 notes at 100,000 notes the scan saved 0.27 ms of 1.52; in 19,441 notes at
    /// 1,000,000 it cost 1.9 ms more than the walks (Benchmarks/README.md, sixth session).
    static let instanceScanNotesPerTerm = 88

    /// One list for all the untracked expansions, given in `runs` of consecutive terms with their notes, each
    /// note's figures summed over them, sizes from ``SizeBlocks``, read by FTS5 where the leaves did not
    /// answer (``partsFromLeaves(_:_:limits:)``): a run of terms in few notes each by one scan of its instances
    /// (``MatchStatistics/instances(from:through:_:into:)``), any other term by one walk. One walk over an
    /// `OR` of them all made FTS5 gather every term's instances in every row it returned (4.2 against 3.1 ms
    /// for `read*` at 100,000 notes).
    private static func untrackedList(_ runs: [(terms: [String], documents: Int)], _ db: Connection,
                                      reading: UntrackedReading) throws -> PostingList {
        let statistics = try MatchStatistics(db)
        var rows: [MatchStatistics.Row] = []
        var scanBelow = instanceScanNotesPerTerm
        if case .fts5(let below) = reading { scanBelow = below }
        for run in runs {
            guard let first = run.terms.first, let last = run.terms.last else { continue }
            if statistics.sizesFromTable && run.documents < scanBelow * run.terms.count {
                try statistics.instances(from: first, through: last, db, into: &rows)
            } else {
                for term in run.terms { try statistics.walk(RankingTables.matchString(term), db, into: &rows) }
            }
        }
        return try list(summing: &rows, statistics, db)
    }

    /// One list of `rows` (notes of several terms, in any order): a note's frequencies summed, its size from
    /// ``SizeBlocks`` when `statistics` read none. `rows` is sorted by id in place (its room is the caller's, kept
    /// from query to query), and its sizes filled in.
    static func list(summing rows: inout [MatchStatistics.Row], _ statistics: MatchStatistics,
                             _ db: Connection) throws -> PostingList {
        rows.sort { $0.id < $1.id }
        try statistics.completeSizes(&rows, db)
        // In the memory kept with the connection (``PrefixRoom``); ``TopKPlan`` keeps it again once it is done.
        var list = PrefixRoom.of(db).takeUntracked()
        list.reserve(rows.count)
        var index = 0
        while index < rows.count {
            var frequency = rows[index].frequency
            var next = index + 1
            while next < rows.count && rows[next].id == rows[index].id {
                frequency += rows[next].frequency
                next += 1
            }
            list.append(id: rows[index].id, frequency: frequency, size: Int(rows[index].size))
            index = next
        }
        return list
    }
}
