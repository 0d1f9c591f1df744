/// What the parser understood from a query string: a tree of terms plus SQL filters, and notes on what it
/// read as plain text. Produced by ``QueryParser/parse(_:now:)``; never fails.
package struct ParsedQuery: Sendable, Equatable {
    /// The text part, or `nil` when the query only filters.
    package var root: QueryNode?
    /// `path:fragment` filters: each fragment must occur in the note's path (case-insensitive).
    package var pathFilters: [String] = []
    /// `-path:fragment` filters: no fragment may occur in the note's path (case-insensitive).
    package var excludedPathFilters: [String] = []
    /// Date filters, all of which must hold.
    package var dateFilters: [DateFilter] = []
    /// `-modified:2024` filters: a note any of them selects is left out (a note dated only by file times is
    /// selected by no date filter, so none of these leaves it out).
    package var excludedDateFilters: [DateFilter] = []
    /// A filter typed where it cannot stand (inside OR, in a negated group): searching the query is then an
    /// error, ``MisplacedFilter``.
    package var misplacedFilter: MisplacedFilter?
    /// An exclusion typed where it narrows nothing (one side of OR, `a OR -b`): searching the query is then an
    /// error, ``MisplacedExclusion``.
    package var misplacedExclusion: MisplacedExclusion?
    /// A `created:`/`modified:` filter whose value is not a date (`modified:2024-13-01`): searching the query is
    /// then an error, ``UnreadableDateFilter``.
    package var unreadableDateFilter: UnreadableDateFilter?
    /// What the parser did with input it could not read as syntax (shown by `--explain`).
    package var notes: [String] = []
    /// Whether the text nests brackets or negations deeper than ``QueryParser/nestingLimit``: such a query
    /// is otherwise empty, and searching it is an error (``NotesFTSError/queryTooDeep(limit:)``).
    package var exceedsNestingLimit = false

    /// Creates a parsed query.
    package init(root: QueryNode? = nil, pathFilters: [String] = [], dateFilters: [DateFilter] = [], notes: [String] = [],
                exceedsNestingLimit: Bool = false, excludedPathFilters: [String] = [], excludedDateFilters: [DateFilter] = []) {
        self.root = root
        self.pathFilters = pathFilters
        self.excludedPathFilters = excludedPathFilters
        self.dateFilters = dateFilters
        self.excludedDateFilters = excludedDateFilters
        self.notes = notes
        self.exceedsNestingLimit = exceedsNestingLimit
    }

    /// The FTS5 MATCH expression for the positive part of the query, or `nil` when there is none.
    package var matchExpression: String? { compiled.match }

    /// The FTS5 expression of terms that must be absent when the query has no positive term
    /// (`-draft path:work`), or `nil`.
    package var exclusionExpression: String? { compiled.exclusion }

    /// Whether the query has filters (path or date, selecting or excluding).
    package var hasFilters: Bool {
        !pathFilters.isEmpty || !dateFilters.isEmpty || !excludedPathFilters.isEmpty || !excludedDateFilters.isEmpty
    }

    /// Whether there is nothing to search: no searchable term and no filter (a misplaced filter or exclusion, or
    /// an unreadable date filter, is something: searching reports it).
    package var isEmpty: Bool {
        matchExpression == nil && exclusionExpression == nil && !hasFilters && !isRefused
    }

    /// Whether searching the query throws for something typed in it (``checkSearchable()``) other than nesting.
    private var isRefused: Bool {
        misplacedFilter != nil || misplacedExclusion != nil || unreadableDateFilter != nil
    }

    /// Whether the query only excludes words (`-draft`) with nothing to search and no filter: an error to
    /// report. Excluding only tags (`-#draft`, `-tag:draft`) is not: a tag selects notes as a filter does, so
    /// that lists the notes without it.
    package var isOnlyExclusion: Bool {
        matchExpression == nil && exclusionExpression != nil && !hasFilters && !isRefused
            && !(root.map(Self.excludesOnlyTags) ?? false)
    }

    /// Throws what makes the query unsearchable: nesting past ``QueryParser/nestingLimit``
    /// (``NotesFTSError/queryTooDeep(limit:)``), a date filter that names no date (``UnreadableDateFilter``), a
    /// filter where none can stand (``MisplacedFilter``), or an exclusion that narrows nothing
    /// (``MisplacedExclusion``).
    package func checkSearchable() throws {
        if exceedsNestingLimit { throw NotesFTSError.queryTooDeep(limit: QueryParser.nestingLimit) }
        if let unreadableDateFilter { throw unreadableDateFilter }
        if let misplacedFilter { throw misplacedFilter }
        if let misplacedExclusion { throw misplacedExclusion }
    }

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

    /// Whether every term `node` excludes is limited to tags (and it excludes something).
    private static func excludesOnlyTags(_ node: QueryNode) -> Bool {
        func terms(_ node: QueryNode) -> [QueryTerm] {
            switch node {
            case .term(let term): return term.isSearchable ? [term] : []
            case .not(let inner): return terms(inner)
            case .and(let children), .or(let children): return children.flatMap(terms)
            }
        }
        let excluded = terms(node)
        return !excluded.isEmpty && excluded.allSatisfy { $0.column == .tags }
    }

    private var compiled: (match: String?, exclusion: String?) {
        root.map(FTS5Expression.compile) ?? (nil, nil)
    }
}
