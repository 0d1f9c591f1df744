import Foundation

/// One note found by a search, with what a result list needs to show it.
public struct SearchResult: Sendable, Equatable {
    /// The note's id in `notes`.
    public var id: Int64
    /// The source file.
    public var path: String
    /// The note's position inside a multi-note file.
    public var position: Int
    /// The 1-based line of `path` with the first match (the note's first line when the match is in its title, or
    /// when the note's text is decoded from its file: JSON, JSON Lines, HTML, Evernote).
    public var line: Int
    /// The note's title.
    public var title: String
    /// The note's tags.
    public var tags: [String]
    /// When the note was created, if known (to the second).
    public var created: Date?
    /// When the note was last modified, if known (to the second).
    public var modified: Date?
    /// Where ``created`` came from (`nil` when unknown, as in an index not re-read since schema v3).
    public var createdFrom: DateSource?
    /// Where ``modified`` came from.
    public var modifiedFrom: DateSource?
    /// Relevance, higher is better (the negated bm25 score); 0 for filter-only queries.
    public var score: Double
    /// The excerpt with matches marked.
    public var snippet: Snippet

    /// Creates a result (the library builds these; public for apps that fake or merge results).
    public init(id: Int64, path: String, position: Int, line: Int, title: String, tags: [String],
                created: Date?, modified: Date?, score: Double, snippet: Snippet,
                createdFrom: DateSource? = nil, modifiedFrom: DateSource? = nil) {
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
        self.createdFrom = createdFrom
        self.modifiedFrom = modifiedFrom
    }
}
