import Foundation
import SQLiteKit

extension NoteIndex {
    /// Parses `text` with ``QueryParser`` and searches for it, with word forms and typo correction (see
    /// ``NoteIndex/searchPage(_:options:)``) unless ``SearchOptions/exact`` is set.
    ///
    /// ```swift
    /// for hit in try index.search("deploy friday", options: SearchOptions(limit: 5)) {
    ///     print(hit.path, hit.title, hit.snippet.marked(open: "[", close: "]"))
    /// }
    /// ```
    public func search(_ text: String, options: SearchOptions = SearchOptions()) throws -> [SearchResult] {
        try read { db in try Self.search(db, Self.interpret(db, text, options: options).query, options: options) }
    }

    /// The number of notes `text` finds with `options` (ignoring paging).
    public func count(_ text: String, options: SearchOptions = SearchOptions()) throws -> Int {
        try read { db in try Self.count(db, Self.interpret(db, text, options: options).query, options: options) }
    }

    /// A page of what `text` finds (`options.limit` results from `options.offset`) and the number of notes
    /// it finds in all, read from one snapshot of the index.
    ///
    /// ```swift
    /// let page = try index.searchPage("milk", options: SearchOptions(limit: 10))
    /// print("\(page.results.count) of \(page.total)")
    /// ```
    public func searchPage(_ text: String, options: SearchOptions = SearchOptions()) throws -> SearchPage {
        try read { db in
            try db.transaction(.deferred) {
                let expanded = try Self.interpret(db, text, options: options)
                return SearchPage(results: try Self.search(db, expanded.query, options: options),
                                  total: try Self.count(db, expanded.query, options: options), offset: options.offset,
                                  corrections: expanded.corrections)
            }
        }
    }

    /// Runs a parsed query: ranked by bm25 (FTS5 orders and stops at the limit, computing snippets only for the
    /// rows returned), or ordered by a `notes` column, in which case snippets are computed afterwards for the
    /// returned page only. A query that only selects (filters, `tag:` terms, or nothing but the date filters of
    /// `options`) lists its notes newest first when the order is `rank`.
    package func search(_ query: ParsedQuery, options: SearchOptions = SearchOptions()) throws -> [SearchResult] {
        try read { try Self.search($0, query, options: options) }
    }

    /// The number of notes `query` matches (ignoring paging).
    package func count(_ query: ParsedQuery, options: SearchOptions = SearchOptions()) throws -> Int {
        try read { try Self.count($0, query, options: options) }
    }

    private static func search(_ db: Connection, _ query: ParsedQuery, options: SearchOptions) throws -> [SearchResult] {
        var results: [SearchResult] = []
        try forEachResult(db, query, options: options) { results.append($0) }
        return results
    }

    private static func count(_ db: Connection, _ query: ParsedQuery, options: SearchOptions) throws -> Int {
        try query.checkSearchable()
        if query.isEmpty && options.dateFilters.isEmpty { return 0 }
        // The tables' several statements read one snapshot, as FTS5's one count(*) does.
        if let counted = try db.transaction(.deferred, { try TopKCount.count(db, query, options: options) }) { return counted }
        let statement = SearchSQL.count(query: query, options: options)
        return try db.query(statement.sql, named: statement.parameters) { $0.int(0) }.first ?? 0
    }

    /// Which path ranking `query` takes (top-k, or full scoring and why): what `--explain` prints.
    package func rankingPath(_ query: ParsedQuery, options: SearchOptions = SearchOptions()) throws -> String {
        try query.checkSearchable()
        guard query.matchExpression != nil, options.sort == .rank else { return "not ranked (no words, or sorted by a column)" }
        // In a read transaction, as a search plans (``forEachResult(_:_:options:_:)``): some routes read FTS5's
        // leaves only inside one.
        return try read { db in
            try db.transaction(.deferred) {
                switch try TopKPlan.run(db, query, options: options) {
                case .answered(_, let description): return description()
                case .fullScoring(let reason): return "full scoring by FTS5 (\(reason))"
                }
            }
        }
    }
}
