import SQLiteKit

extension NoteIndex {
    /// Runs a parsed query as ``search(_:options:)`` does and hands each result to `body` as it is read, in the
    /// same order, holding none of them: `notes-find --json` and its human output print each as it comes.
    /// Ranked by bm25 (FTS5 orders and stops at the limit, computing snippets only for the rows returned; ties
    /// by id), or ordered by a `notes` column, with snippets computed for each returned row.
    package func forEachResult(_ query: ParsedQuery, options: SearchOptions = SearchOptions(),
                               _ body: (SearchResult) throws -> Void) throws {
        try read { try Self.forEachResult($0, query, options: options, body) }
    }

    static func forEachResult(_ db: Connection, _ query: ParsedQuery, options: SearchOptions,
                              _ body: (SearchResult) throws -> Void) throws {
        try query.checkSearchable()
        if (query.isEmpty && options.dateFilters.isEmpty) || options.limit <= 0 { return }
        // One snapshot: the plan's statements and the rows it then reads see the same notes.
        try db.transaction(.deferred) {
            if let match = query.matchExpression, options.sort == .rank, !query.onlySelects {
                try rankedResults(db, match: match, query: query, options: options, body)
            } else {
                try orderedResults(db, query: query, options: options, body)
            }
        }
    }

    private static func rankedResults(_ db: Connection, match: String, query: ParsedQuery, options: SearchOptions,
                                      _ body: (SearchResult) throws -> Void) throws {
        let snippets = options.includeSnippets ? SearchSnippets(match: match, query: query, options: options) : nil
        if case .answered(let hits, _) = try TopKPlan.run(db, query, options: options) {
            // The notes the top-k path chose, in its order, with its scores.
            try forEachTopKRow(db, hits, match: match, query: query, snippets: snippets, read: { row, chosen in
                var result = SearchResult(row: row)
                if let chosen { snippets?.read(chosen, into: &result) }
                return result
            }) { hit, found in
                var result = found
                result.score = hit.score
                try body(result)
            }
            return
        }
        let statement = SearchSQL.ranked(match: match, query: query, options: options, snippets: snippets)
        var ties = RankTies<SearchResult>()
        try db.forEachRow(statement.sql, named: statement.parameters) { row in
            var result = SearchResult(row: row)
            result.score = row.double(ResultColumn.next)
            if let snippets { snippets.read(SnippetColumns(row: row, at: ResultColumn.next + 1), into: &result) }
            try ties.add(result, id: result.id, score: result.score, body)
        }
        try ties.flush(body)
    }

    private static func orderedResults(_ db: Connection, query: ParsedQuery, options: SearchOptions,
                                       _ body: (SearchResult) throws -> Void) throws {
        let statement = SearchSQL.ordered(query: query, options: options,
                                          walksIndex: try walksSortIndex(db, query, options: options))
        let match = options.includeSnippets ? query.matchExpression : nil
        let snippets = match.map { SearchSnippets(match: $0, query: query, options: options) }
        // A query that only selects (tags, filters) is not ranked: its score is 0, as for `path:` alone.
        let scores = options.includeScores && !query.onlySelects
        // Scores from the posting lists when the top-k path serves the query, rather than FTS5's `rank` a note.
        let pageScorer = match != nil && scores && options.allowsTopK ? try PageScorer(db, query) : nil
        defer { pageScorer?.giveBack(to: db) }
        try db.forEachRow(statement.sql, named: statement.parameters) { row in
            var result = SearchResult(row: row)
            result.snippet = SearchSnippets.leadSnippet(row.text(ResultColumn.next) ?? "", words: options.snippetWords)
            if let match, let snippets {
                // Snippet and score of this returned row only: one indexed lookup (and, for the score, a read
                // of each query word's posting list).
                let computed = pageScorer?.score(result.id)
                let page = SearchSQL.pageSnippets(match: match, id: result.id, snippets: snippets,
                                                  scores: scores && computed == nil)
                try db.forEachRow(page.sql, named: page.parameters) { found in
                    result.score = computed ?? found.double(0)
                    snippets.read(SnippetColumns(row: found, at: 1), into: &result)
                }
            }
            try body(result)
        }
    }
}
