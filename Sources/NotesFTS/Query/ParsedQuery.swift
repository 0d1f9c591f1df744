/// What the parser understood from a query string: a tree of terms plus SQL filters, and notes on what it
/// read as plain text. Produced by ``QueryParser/parse(_:now:)``; never fails.
package struct ParsedQuery: Sendable, Equatable {
    /// The text part, or `nil` when the query only filters.
    package var root: QueryNode?
    /// `path:fragment` filters: each fragment must occur in the note's path (case-insensitive).
    package var pathFilters: [String] = []
    /// Date filters, all of which must hold.
    package var dateFilters: [DateFilter] = []
    /// What the parser did with input it could not read as syntax (shown by `--explain`).
    package var notes: [String] = []
    /// Whether the text nests brackets or negations deeper than ``QueryParser/nestingLimit``: such a query
    /// is otherwise empty, and searching it is an error (``NotesFTSError/queryTooDeep(limit:)``).
    package var exceedsNestingLimit = false

    /// Creates a parsed query.
    package init(root: QueryNode? = nil, pathFilters: [String] = [], dateFilters: [DateFilter] = [], notes: [String] = [],
                exceedsNestingLimit: Bool = false) {
        self.root = root
        self.pathFilters = pathFilters
        self.dateFilters = dateFilters
        self.notes = notes
        self.exceedsNestingLimit = exceedsNestingLimit
    }

    /// The FTS5 MATCH expression for the positive part of the query, or `nil` when there is none.
    package var matchExpression: String? { compiled.match }

    /// The FTS5 expression of terms that must be absent when the query has no positive term
    /// (`-draft path:work`), or `nil`.
    package var exclusionExpression: String? { compiled.exclusion }

    /// Whether the query has filters (path or date).
    package var hasFilters: Bool { !pathFilters.isEmpty || !dateFilters.isEmpty }

    /// Whether there is nothing to search: no searchable term and no filter.
    package var isEmpty: Bool { matchExpression == nil && exclusionExpression == nil && !hasFilters }

    /// Whether the query only excludes (`-draft`) with nothing to search and no filter: an error to report.
    package var isOnlyExclusion: Bool { matchExpression == nil && exclusionExpression != nil && !hasFilters }

    /// Whether the query only selects notes, with no words to rank by: filters, and text terms (if any) that
    /// all name tags (`tag:work`, `#work`). Such a query lists its notes newest first.
    public var onlySelects: Bool {
        positiveTerms.allSatisfy { $0.column == .tags } && (hasFilters || !positiveTerms.isEmpty)
    }

    /// The searchable terms that are not excluded, in query order.
    package var positiveTerms: [QueryTerm] {
        func collect(_ node: QueryNode) -> [QueryTerm] {
            switch node {
            case .term(let term): return term.isSearchable ? [term] : []
            case .not: return []
            case .and(let children), .or(let children): return children.flatMap(collect)
            }
        }
        return root.map(collect) ?? []
    }

    private var compiled: (match: String?, exclusion: String?) {
        root.map(FTS5Expression.compile) ?? (nil, nil)
    }
}
