import SQLiteKit

extension SearchSQL {
    /// The path of each note `query` finds with `options`, in byte order of the paths (descending with
    /// `reverse`), paged by note (`LIMIT`/`OFFSET`). With `walksPathIndex`, SQLite walks the `(path, position)`
    /// index in order and tests each note against the match, never reading the notes table (the cheaper plan
    /// when many notes match); without, it reads the matches from FTS5, looks up their paths and sorts them
    /// (for few). A query without words always walks the index.
    static func pathOrder(query: ParsedQuery, options: SearchOptions, walksPathIndex: Bool) -> SearchStatement {
        let tail = "ORDER BY n.path \(options.reverse ? "DESC" : "ASC") LIMIT :limit OFFSET :offset"
        let paging = Self.paging(options)
        guard let match = query.matchExpression, !walksPathIndex else {
            let filter = SearchFilter(query: query, options: options, match: query.matchExpression, walksNotes: true)
            return SearchStatement(sql: "SELECT n.path FROM notes n WHERE \(filter.whereClause) \(tail)",
                                   parameters: filter.parameters.merging(paging) { first, _ in first })
        }
        let filter = SearchFilter(query: query, options: options)
        let sql = """
            SELECT n.path FROM notes_fts CROSS JOIN notes n ON n.id = notes_fts.rowid
            WHERE notes_fts MATCH :match\(filter.andClauses) \(tail)
            """
        let parameters = filter.parameters.merging(paging) { first, _ in first }
            .merging([":match": .text(match)]) { first, _ in first }
        return SearchStatement(sql: sql, parameters: parameters)
    }

    /// Whether at least `enough` notes match `match`: reads at most that many of FTS5's rows.
    static func matchesAtLeast(_ enough: Int, match: String) -> SearchStatement {
        SearchStatement(
            sql: "SELECT count(*) FROM (SELECT 1 FROM notes_fts WHERE notes_fts MATCH :match LIMIT :enough)",
            parameters: [":match": .text(match), ":enough": .integer(Int64(enough))])
    }
}
