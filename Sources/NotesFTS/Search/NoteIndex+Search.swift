import Foundation
import SQLiteKit

extension NoteIndex {
    /// Parses `text` with ``QueryParser`` and searches for it.
    ///
    /// ```swift
    /// for hit in try index.search("deploy friday", options: SearchOptions(limit: 5)) {
    ///     print(hit.path, hit.title, hit.snippet.marked(open: "[", close: "]"))
    /// }
    /// ```
    public func search(_ text: String, options: SearchOptions = SearchOptions()) throws -> [SearchResult] {
        try search(QueryParser.parse(text), options: options)
    }

    /// Runs a parsed query: ranked by bm25 (FTS5 orders and stops at the limit, computing snippets only for the
    /// rows returned), or ordered by a `notes` column, in which case snippets are computed afterwards for the
    /// returned page only.
    public func search(_ query: ParsedQuery, options: SearchOptions = SearchOptions()) throws -> [SearchResult] {
        if query.exceedsNestingLimit { throw NotesFTSError.queryTooDeep(limit: QueryParser.nestingLimit) }
        if query.isEmpty || options.limit <= 0 { return [] }
        return try wrap {
            if let match = query.matchExpression, options.sort == .rank {
                return try rankedSearch(match: match, query: query, options: options)
            }
            return try orderedSearch(query: query, options: options)
        }
    }

    /// The number of notes `query` matches (ignoring paging).
    public func count(_ query: ParsedQuery, options: SearchOptions = SearchOptions()) throws -> Int {
        if query.exceedsNestingLimit { throw NotesFTSError.queryTooDeep(limit: QueryParser.nestingLimit) }
        if query.isEmpty { return 0 }
        let statement = SearchSQL.count(query: query, options: options)
        return try wrap {
            try connection.query(statement.sql, named: statement.parameters) { $0.int(0) }.first ?? 0
        }
    }

    private func rankedSearch(match: String, query: ParsedQuery, options: SearchOptions) throws -> [SearchResult] {
        let snippets = options.includeSnippets ? SearchSnippets(match: match, query: query, options: options) : nil
        let statement = SearchSQL.ranked(match: match, query: query, options: options, snippets: snippets)
        let results = try connection.query(statement.sql, named: statement.parameters) { row in
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

    private func orderedSearch(query: ParsedQuery, options: SearchOptions) throws -> [SearchResult] {
        let statement = SearchSQL.ordered(query: query, options: options)
        var results = try connection.query(statement.sql, named: statement.parameters) { row in
            var result = SearchResult(row: row)
            result.snippet = SearchSnippets.leadSnippet(row.text(ResultColumn.next) ?? "", words: options.snippetWords)
            return result
        }
        guard let match = query.matchExpression, options.includeSnippets else { return results }
        // Snippets and scores for the returned page only: one indexed lookup per printed row.
        let snippets = SearchSnippets(match: match, query: query, options: options)
        for position in results.indices {
            let page = SearchSQL.pageSnippets(match: match, id: results[position].id, snippets: snippets)
            let rows = try connection.query(page.sql, named: page.parameters) { row in
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
