import SQLiteKit

/// A search statement: its SQL text and the value of each named parameter.
struct SearchStatement {
    /// The SQL text.
    var sql: String
    /// The named parameters (`:match`, `:limit`…) and their values.
    var parameters: [String: SQLiteValue]
}

/// The one builder of search SQL. Every statement selects the ``ResultColumn``s first (read back by
/// ``SearchResult/init(row:)``), then what it adds at ``ResultColumn/next``, and binds named parameters only.
enum SearchSQL {
    /// Ranked by bm25 (FTS5 orders and stops at the limit): ``ResultColumn``s, the score, then the snippet
    /// columns when `snippets` is given. Never a second sort key (it would force a full sort). `columns`
    /// replaces the ``ResultColumn``s (`n.id, n.path` for a list of paths); the score follows them.
    static func ranked(match: String, query: ParsedQuery, options: SearchOptions, snippets: SearchSnippets?,
                       columns: String = ResultColumn.selectList) -> SearchStatement {
        let filter = SearchFilter(query: query, options: options)
        let sql = """
            SELECT \(columns), -notes_fts.rank\(snippets.map { ", " + $0.columns } ?? "")
            FROM notes_fts JOIN notes n ON n.id = notes_fts.rowid
            WHERE notes_fts MATCH :match\(filter.andClauses)
            ORDER BY notes_fts.rank\(options.reverse ? " DESC" : "") LIMIT :limit OFFSET :offset
            """
        let parameters = filter.parameters.merging(snippets?.parameters ?? [:]) { first, _ in first }
            .merging(paging(options)) { first, _ in first }
            .merging([":match": .text(match)]) { first, _ in first }
        return SearchStatement(sql: sql, parameters: parameters)
    }

    /// Ordered by a `notes` column (ties by id): ``ResultColumn``s, then the first 600 characters of the
    /// body (for lead snippets) or `''`. `columns` replaces the ``ResultColumn``s (`n.path` for a list of paths).
    /// With `walksIndex` (``NoteIndex/walksSortIndex(_:_:options:)``), SQLite walks the sort column's index
    /// and tests each note against the match, stopping at the page's end, instead of reading every match.
    static func ordered(query: ParsedQuery, options: SearchOptions,
                        columns: String = ResultColumn.selectList, walksIndex: Bool = false) -> SearchStatement {
        let filter = SearchFilter(query: query, options: options, match: query.matchExpression, walksNotes: walksIndex)
        var descending: Bool
        let column: String
        switch options.sort {
        case .rank, .modified: column = "n.modified"; descending = true
        case .created: column = "n.created"; descending = true
        case .title: column = "n.title COLLATE NOCASE"; descending = false
        case .path: column = "n.path"; descending = false
        }
        if options.reverse { descending.toggle() }
        let direction = descending ? "DESC" : "ASC"
        let sql = """
            SELECT \(columns), \(options.includeSnippets ? "substr(n.body, 1, 600)" : "''")
            FROM notes n WHERE \(filter.whereClause)
            ORDER BY \(column) \(direction), n.id \(direction) LIMIT :limit OFFSET :offset
            """
        return SearchStatement(sql: sql, parameters: filter.parameters.merging(paging(options)) { first, _ in first })
    }

    /// The score (or `0.0` without `scores`) and snippet columns of one note for `match`: for pages ordered by
    /// a `notes` column, one indexed lookup per printed row.
    static func pageSnippets(match: String, id: Int64, snippets: SearchSnippets, scores: Bool = true) -> SearchStatement {
        SearchStatement(
            sql: "SELECT \(scores ? "-rank" : "0.0"), \(snippets.columns) FROM notes_fts WHERE notes_fts MATCH :match AND rowid = :id",
            parameters: snippets.parameters.merging([":match": .text(match), ":id": .integer(id)]) { first, _ in first })
    }

    /// The number of notes `query` finds with `options` (ignoring paging); FTS5 alone counts a bare match.
    static func count(query: ParsedQuery, options: SearchOptions) -> SearchStatement {
        if let match = query.matchExpression, SearchFilter(query: query, options: options).isEmpty {
            return SearchStatement(sql: "SELECT count(*) FROM notes_fts WHERE notes_fts MATCH :match",
                                   parameters: [":match": .text(match)])
        }
        let filter = SearchFilter(query: query, options: options, match: query.matchExpression)
        return SearchStatement(sql: "SELECT count(*) FROM notes n WHERE \(filter.whereClause)", parameters: filter.parameters)
    }

    /// Substring candidates: ``ResultColumn``s, the body, and the score; ranked by bm25 when `match` narrows
    /// them, else every note passing the date filters of `options` (score 0).
    static func substringCandidates(_ query: SubstringQuery, options: SearchOptions) -> SearchStatement {
        let filter = SearchFilter(dates: options.dateFilters)
        let columns = ResultColumn.selectList + ", n.body"
        guard let match = query.matchExpression else {
            return SearchStatement(sql: "SELECT \(columns), 0.0 FROM notes n WHERE \(filter.whereClause)",
                                   parameters: filter.parameters)
        }
        let sql = """
            SELECT \(columns), -notes_fts.rank FROM notes_fts JOIN notes n ON n.id = notes_fts.rowid
            WHERE notes_fts MATCH :match\(filter.andClauses) ORDER BY notes_fts.rank
            """
        return SearchStatement(sql: sql, parameters: filter.parameters.merging([":match": .text(match)]) { first, _ in first })
    }

    /// Which of the notes `ids` pass `filter` and do not match `exclusion` (the top-k path's candidates).
    static func topKFilter(ids: [Int64], filter: SearchFilter, exclusion: String?) -> SearchStatement {
        var parameters = filter.parameters
        parameters[":topkIDs"] = idList(ids)
        var sql = "SELECT n.id FROM notes n WHERE n.id IN (SELECT value FROM json_each(:topkIDs))\(filter.andClauses)"
        if let exclusion {
            sql += """
                 AND n.id NOT IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH :topkExclude
                  AND rowid IN (SELECT value FROM json_each(:topkIDs)))
                """
            parameters[":topkExclude"] = .text(exclusion)
        }
        return SearchStatement(sql: sql, parameters: parameters)
    }

    /// The ``ResultColumn``s, `0.0` for the score and the snippet columns of note `id` for `match` (the top-k
    /// path scored and ordered its notes): one FTS5 seek to the row, no bm25.
    static func topKRow(id: Int64, match: String, snippets: SearchSnippets?) -> SearchStatement {
        var parameters = snippets?.parameters ?? [:]
        parameters[":match"] = .text(match)
        parameters[":id"] = .integer(id)
        let sql = """
            SELECT \(ResultColumn.selectList), 0.0\(snippets.map { ", " + $0.columns } ?? "")
            FROM notes_fts JOIN notes n ON n.id = notes_fts.rowid
            WHERE notes_fts MATCH :match AND notes_fts.rowid = :id
            """
        return SearchStatement(sql: sql, parameters: parameters)
    }

    /// The ``ResultColumn``s of note `:id` read from `notes` alone (then `0.0` where the score goes), and with
    /// `withText` the indexed title, body and tags after it, as `notes_fts` reads them (``Schema/indexedTitle(_:)``).
    static func topKNote(withText: Bool) -> String {
        let text = withText ? ", \(Schema.indexedTitle("n")), n.body, n.tags" : ""
        return "SELECT \(ResultColumn.selectList), 0.0\(text) FROM notes n WHERE n.id = :id"
    }

    /// The rows of `topKRow` for all of `ids` in one FTS5 query, in id order: FTS5 walks the whole match once
    /// and the snippet columns are computed only for those notes (`+rowid`: a filter, not one seek a note).
    /// For a prefix, whose doclist FTS5 (without a prefix index) builds again for every seek, that costs one
    /// build instead of one a note: `read*` at 100,000 notes, 20 notes: 6 ms against 60 ms.
    static func topKRows(ids: [Int64], match: String, snippets: SearchSnippets?) -> SearchStatement {
        var parameters = snippets?.parameters ?? [:]
        parameters[":match"] = .text(match)
        parameters[":topkIDs"] = idList(ids)
        let sql = """
            SELECT \(ResultColumn.selectList), 0.0\(snippets.map { ", " + $0.columns } ?? "")
            FROM notes_fts JOIN notes n ON n.id = notes_fts.rowid
            WHERE notes_fts MATCH :match AND +notes_fts.rowid IN (SELECT value FROM json_each(:topkIDs))
            """
        return SearchStatement(sql: sql, parameters: parameters)
    }

    /// `ids` as a JSON array, for `json_each` (one statement text whatever their number).
    private static func idList(_ ids: [Int64]) -> SQLiteValue {
        .text("[" + ids.map(String.init).joined(separator: ",") + "]")
    }

    /// `:limit` and `:offset` of `options` (a negative offset reads as 0).
    static func paging(_ options: SearchOptions) -> [String: SQLiteValue] {
        [":limit": .integer(Int64(options.limit)), ":offset": .integer(Int64(max(options.offset, 0)))]
    }
}
