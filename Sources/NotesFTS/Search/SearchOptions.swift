/// Options of a search: paging, order and extra filters.
public struct SearchOptions: Sendable {
    /// The most results to return.
    public var limit = 20
    /// Results to skip (for paging).
    public var offset = 0
    /// The order.
    public var sort: SearchSort = .rank
    /// Reverse the order.
    public var reverse = false
    /// Extra date filters (from `--since` / `--until`), combined with the query's own.
    public var dateFilters: [DateFilter] = []
    /// Roughly how many words a snippet holds.
    public var snippetWords = 16
    /// Compute snippets and match lines; turn off when only paths or ids are wanted (`notes-find -l`),
    /// which saves reading every returned note's text.
    public var includeSnippets = true
    /// Compute each result's bm25 score when the results are not ordered by rank (`sort` other than
    /// ``SearchSort/rank``). FTS5 scores a note by reading the whole posting list of every query word
    /// once per note, about 1 ms a note for a word in 30% of 100,000 notes. Turn it off when the score is not
    /// shown, as `notes-find`'s human output does; ``SearchResult/score`` is then 0 for those results.
    public var includeScores = true
    /// Match words exactly as typed: no other word forms and no typo correction (`notes-find --exact`).
    /// Read by ``NoteIndex/search(_:options:)-(String,_)``; a ``ParsedQuery`` is searched as it is.
    public var exact = false
    /// Let a ranked search take the top-k path (``TopKPlan``); off, FTS5 scores every match (the reference
    /// the exactness tests and `notes-bench --verify-topk` compare with).
    package var allowsTopK = true
    /// Let a long walk be split over a second connection (``SplitWalk``). A process that makes one query gains
    /// nothing from it (`notes-find` turns it off): the second connection is opened after the first long walk,
    /// for the ones after it.
    package var splitsWalks = true
    /// Let a phrase or a word ranked from one walk be read from FTS5's leaves (``PhraseLeaves``); off, FTS5
    /// walks it (tests take each way).
    package var readsLeaves = true
    /// A prefix alone whose one tracked expansion is in at least this many notes has that expansion's list
    /// decoded on the second connection while its other expansions are read (``TrackedDecode``), when
    /// ``splitsWalks`` allows it and the vocabulary shows other expansions; 0 decodes every one, whatever the
    /// vocabulary shows (tests take each way).
    package var decodesTrackedFrom = TrackedDecode.minimumDocuments
    /// Creates the default options: top 20 by rank.
    public init(limit: Int = 20, offset: Int = 0, sort: SearchSort = .rank, reverse: Bool = false) {
        self.limit = limit
        self.offset = offset
        self.sort = sort
        self.reverse = reverse
    }

    /// How many results come up to the end of the page: `offset + limit` (a negative offset reads as 0, a limit
    /// below 1 as none), at most `Int.max`. Any `offset` and `limit` are valid: a page past every match is
    /// empty, never an overflow.
    package var pageEnd: Int {
        let (end, overflow) = max(offset, 0).addingReportingOverflow(max(limit, 0))
        return overflow ? .max : end
    }

    /// The order as `--explain` shows it: `rank`, `modified (reversed)`…
    package var orderDescription: String { sort.rawValue + (reverse ? " (reversed)" : "") }
}
