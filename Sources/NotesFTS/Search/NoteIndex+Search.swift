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
        if query.exceedsNestingLimit { throw NotesFTSError.queryTooDeep(limit: QueryParser.nestingLimit) }
        if (query.isEmpty && options.dateFilters.isEmpty) || options.limit <= 0 { return [] }
        if let match = query.matchExpression, options.sort == .rank, !query.onlySelects {
            return try rankedSearch(db, match: match, query: query, options: options)
        }
        return try orderedSearch(db, query: query, options: options)
    }

    private static func count(_ db: Connection, _ query: ParsedQuery, options: SearchOptions) throws -> Int {
        if query.exceedsNestingLimit { throw NotesFTSError.queryTooDeep(limit: QueryParser.nestingLimit) }
        if query.isEmpty && options.dateFilters.isEmpty { return 0 }
        let statement = SearchSQL.count(query: query, options: options)
        return try db.query(statement.sql, named: statement.parameters) { $0.int(0) }.first ?? 0
    }

    private static func rankedSearch(_ db: Connection, match: String, query: ParsedQuery,
                                     options: SearchOptions) throws -> [SearchResult] {
        let snippets = options.includeSnippets ? SearchSnippets(match: match, query: query, options: options) : nil
        if case .answered(let hits, _) = try TopKPlan.run(db, query, options: options) {
            return try topKResults(db, hits, match: match, snippets: snippets)
        }
        let statement = SearchSQL.ranked(match: match, query: query, options: options, snippets: snippets)
        let results = try db.query(statement.sql, named: statement.parameters) { row in
            var result = SearchResult(row: row)
            result.score = row.double(ResultColumn.next)
            snippets?.read(row, at: ResultColumn.next + 1, into: &result)
            return result
        }
        // Ties in score are broken by id, in Swift: a second SQL sort key would force a full sort.
        return results.sorted { left, right in
            if left.score != right.score {
                return options.reverse ? left.score < right.score : left.score > right.score
            }
            return left.id < right.id
        }
    }

    /// The rows and snippets of the notes the top-k path chose, in its order, with its scores.
    private static func topKResults(_ db: Connection, _ hits: [TopKPlan.Hit], match: String,
                                    snippets: SearchSnippets?) throws -> [SearchResult] {
        try hits.compactMap { hit in
            let statement = SearchSQL.topKRow(id: hit.id, match: match, snippets: snippets)
            return try db.query(statement.sql, named: statement.parameters) { row in
                var result = SearchResult(row: row)
                result.score = hit.score
                snippets?.read(row, at: ResultColumn.next + 1, into: &result)
                return result
            }.first
        }
    }

    /// Which path ranking `query` takes (top-k, or full scoring and why): what `--explain` prints.
    package func rankingPath(_ query: ParsedQuery, options: SearchOptions = SearchOptions()) throws -> String {
        guard query.matchExpression != nil, options.sort == .rank else { return "not ranked (no words, or sorted by a column)" }
        return try read { db in
            switch try TopKPlan.run(db, query, options: options) {
            case .answered(_, let description): return description
            case .fullScoring(let reason): return "full scoring by FTS5 (\(reason))"
            }
        }
    }

    private static func orderedSearch(_ db: Connection, query: ParsedQuery, options: SearchOptions) throws -> [SearchResult] {
        let statement = SearchSQL.ordered(query: query, options: options)
        var results = try db.query(statement.sql, named: statement.parameters) { row in
            var result = SearchResult(row: row)
            result.snippet = SearchSnippets.leadSnippet(row.text(ResultColumn.next) ?? "", words: options.snippetWords)
            return result
        }
        guard let match = query.matchExpression, options.includeSnippets else { return results }
        // Snippets and scores for the returned page only: one indexed lookup per printed row.
        let snippets = SearchSnippets(match: match, query: query, options: options)
        for position in results.indices {
            let page = SearchSQL.pageSnippets(match: match, id: results[position].id, snippets: snippets)
            let rows = try db.query(page.sql, named: page.parameters) { row in
                var result = results[position]
                result.score = row.double(0)
                snippets.read(row, at: 1, into: &result)
                return result
            }
            if let found = rows.first { results[position] = found }
        }
        return results
    }
}
