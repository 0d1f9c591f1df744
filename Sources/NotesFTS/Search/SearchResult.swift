import Foundation

/// One note found by a search, with what a result list needs to show it.
public struct SearchResult: Sendable, Equatable {
    /// The note's id in `notes`.
    public var id: Int64
    /// The source file.
    public var path: String
    /// The note's position inside a multi-note file.
    public var position: Int
    /// The 1-based line of `path` with the first match (the note's first line when the match is in its title).
    public var line: Int
    /// The note's title.
    public var title: String
    /// The note's tags.
    public var tags: [String]
    /// Creation date as stored (ISO 8601 UTC), if known.
    public var created: String?
    /// Modification date as stored (ISO 8601 UTC), if known.
    public var modified: String?
    /// Relevance, higher is better (the negated bm25 score); 0 for filter-only queries.
    public var score: Double
    /// The excerpt with matches marked.
    public var snippet: Snippet

    /// Creates a result (the library builds these; public for apps that fake or merge results).
    public init(id: Int64, path: String, position: Int, line: Int, title: String, tags: [String],
                created: String?, modified: String?, score: Double, snippet: Snippet) {
        self.id = id
        self.path = path
        self.position = position
        self.line = line
        self.title = title
        self.tags = tags
        self.created = created
        self.modified = modified
        self.score = score
        self.snippet = snippet
    }
}

/// How results are ordered.
public enum SearchSort: String, Sendable, CaseIterable {
    /// Best bm25 score first (title above tags above body).
    case rank
    /// Most recently modified first.
    case modified
    /// Most recently created first.
    case created
    /// Title A to Z.
    case title
    /// Path A to Z.
    case path
}

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
    /// Creates the default options: top 20 by rank.
    public init(limit: Int = 20, offset: Int = 0, sort: SearchSort = .rank, reverse: Bool = false) {
        self.limit = limit
        self.offset = offset
        self.sort = sort
        self.reverse = reverse
    }
}
