import SQLiteKit

/// bm25 of any note a query matches, as FTS5 scores it, from the complete posting lists the top-k path uses
/// (``TopKPlan/completeLists(_:_:)``) and FTS5's collection statistics: for pages ordered by a `notes`
/// column (`--sort modified --json`), where FTS5 would compute `rank` one note at a time and read every
/// query word's whole posting list for each (about 5 ms a note for a word in 30% of 100,000 notes).
///
/// The arithmetic is ``TopKScorer``'s, which the exactness tests check against FTS5's for the top notes; a
/// note's figures are found by binary search in each list. `nil` from ``init(_:_:)`` when the query is not
/// one the top-k path serves (a phrase, a column-limited word…), the side tables are not current, or a word
/// is neither tracked nor rare: then FTS5 scores each note.
struct PageScorer {
    private let postings: PostingList
    private let ranges: [Range<Int>]
    private let scorer: TopKScorer

    /// The scorer for `query`, or `nil` when FTS5 must score its notes.
    init?(_ db: Connection, _ query: ParsedQuery) throws {
        guard try RankingTables.isCurrent(db), let totals = try RankingTables.totals(db),
              let shape = try? TopKQuery(query, tokenizer: try RankingTables.tokenizer(db)),
              case .success(let lists) = try TopKPlan.completeLists(db, shape) else { return nil }
        (postings, ranges) = lists
        scorer = TopKScorer(shape: shape, documents: ranges.map { Int64($0.count) }, totals: totals)
    }

    /// Leaves the lists' memory to the connection's next query (``PostingRoom``); call when done scoring.
    func giveBack(to db: Connection) {
        PostingRoom.of(db).giveBack(postings)
    }

    /// bm25 (positive) of note `id`; `nil` when no list holds it (it does not match the query).
    func score(_ id: Int64) -> Double? {
        var frequencies = [Double](repeating: 0, count: ranges.count)
        var size: Int?
        postings.ids.withUnsafeBufferPointer { ids in
            for (token, range) in ranges.enumerated() {
                let position = PostingSearch.seek(ids, from: range.lowerBound, to: id, end: range.upperBound)
                guard position < range.upperBound, ids[position] == id else { continue }
                frequencies[token] = postings.frequencies[position]
                size = Int(postings.sizes[position])
            }
        }
        guard let size else { return nil }
        return scorer.score(frequencies, size: size)
    }
}
