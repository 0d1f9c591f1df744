/// One page of search results and the number of notes the search finds in all.
public struct SearchPage: Sendable, Equatable {
    /// The results on this page, best (or first in the chosen order) first.
    public var results: [SearchResult]
    /// How many notes the search finds, ignoring paging.
    public var total: Int
    /// How many results come before this page (``SearchOptions/offset``).
    public var offset: Int
    /// The misspelt words the search replaced (see ``NoteIndex/searchPage(_:options:)``), in query order.
    public var corrections: [QueryCorrection]

    /// Creates a page.
    public init(results: [SearchResult], total: Int, offset: Int, corrections: [QueryCorrection] = []) {
        self.results = results
        self.total = total
        self.offset = max(offset, 0)
        self.corrections = corrections
    }

    /// Whether results follow this page.
    public var hasMore: Bool { offset < total && results.count < total - offset }
}
