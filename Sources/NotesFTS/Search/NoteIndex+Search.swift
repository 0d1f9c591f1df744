import Foundation
import NotesTokenizer
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
        if query.isEmpty { return 0 }
        return try wrap {
            var filter = Filter(query: query, options: options)
            if let match = query.matchExpression, !filter.hasClauses {
                return try connection.scalarInt("SELECT count(*) FROM notes_fts WHERE notes_fts MATCH ?", [.text(match)]) ?? 0
            }
            let clauses = filter.clauses(matchColumn: query.matchExpression)
            return try connection.scalarInt("SELECT count(*) FROM notes n WHERE \(clauses)", filter.parameters) ?? 0
        }
    }

    /// The SQL conditions and bound parameters of a query's filters, in the order they appear.
    private struct Filter {
        var conditions: [String] = []
        var parameters: [SQLiteValue] = []
        let query: ParsedQuery
        let dateFilters: [DateFilter]

        init(query: ParsedQuery, options: SearchOptions) {
            self.query = query
            self.dateFilters = query.dateFilters + options.dateFilters
        }

        var hasClauses: Bool { !query.pathFilters.isEmpty || !dateFilters.isEmpty || query.exclusionExpression != nil }

        /// The WHERE text over `notes n`; `matchColumn` adds the `n.id IN (… MATCH …)` condition first.
        mutating func clauses(matchColumn match: String?) -> String {
            if let match {
                conditions.append("n.id IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)")
                parameters.append(.text(match))
            }
            appendFilters()
            return conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        }

        mutating func appendFilters() {
            if let exclusion = query.exclusionExpression {
                conditions.append("n.id NOT IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)")
                parameters.append(.text(exclusion))
            }
            for fragment in query.pathFilters {
                conditions.append("instr(lower(n.path), lower(?)) > 0")
                parameters.append(.text(fragment))
            }
            for (sql, value) in dateFilters.flatMap(\.sqlConditions) {
                conditions.append(sql)
                parameters.append(.text(value))
            }
        }
    }

    private static let resultColumns = "n.id, n.path, n.position, n.line, n.title, n.tags, n.created, n.modified"

    /// A body snippet, a best-column snippet (for matches only in the title or tags), and the highlighted body
    /// (to find the line of the first match). Two `?` parameters: the snippet lengths.
    private static let snippetColumns = """
        snippet(notes_fts, 1, char(2), char(3), '…', ?), snippet(notes_fts, -1, char(2), char(3), '…', ?),
        highlight(notes_fts, 1, char(2), char(3))
        """

    /// For queries with CJK terms: the whole body, title and tags highlighted by `notes_highlight`, which
    /// (unlike `snippet()`) handles the overlapping offsets of bigram matches; no parameters.
    private static let cjkSnippetColumns = """
        notes_highlight(notes_fts, 1, char(2), char(3)), notes_highlight(notes_fts, 0, char(2), char(3)),
        notes_highlight(notes_fts, 2, char(2), char(3))
        """

    /// Whether `match` needs ``cjkSnippetColumns``: it holds a CJK character.
    private static func needsCJKSnippets(_ match: String) -> Bool {
        match.unicodeScalars.contains(where: CJKScript.contains)
    }

    /// The snippet columns for `match` and the parameters they take (the snippet lengths, or none).
    private static func snippetSQL(for match: String, options: SearchOptions) -> (String, [SQLiteValue]) {
        if needsCJKSnippets(match) { return (cjkSnippetColumns, []) }
        let words = SQLiteValue.integer(Int64(min(max(options.snippetWords, 1), 64)))
        return (snippetColumns, [words, words])
    }

    /// Reads the three snippet columns at `column`...`column + 2` of `row`: (snippet, highlighted body).
    private static func snippet(from row: Statement, at column: Int32, cjk: Bool, words: Int) -> (Snippet, String?) {
        if !cjk {
            return (bestSnippet(body: row.text(column), any: row.text(column + 1)), row.text(column + 2))
        }
        let size = min(max(words, 1), 64)
        let body = row.text(column)
        for marked in [body, row.text(column + 1), row.text(column + 2)] {
            guard let marked, marked.unicodeScalars.contains(Snippet.openMarker) else { continue }
            return (Snippet.window(marked: marked, words: size), body)
        }
        return (Snippet.window(marked: body ?? "", words: size), body)
    }

    /// Narrows marks a one-character CJK query put on a whole bigram (`국` matches the token `국회` as a
    /// prefix; the mark should cover `국` only), unless another term of the query explains the pair.
    static func narrowingSingleCharacterMarks(_ snippet: Snippet, terms: [QueryTerm]) -> Snippet {
        var singles = Set<Unicode.Scalar>()
        var others: [String] = []
        for term in terms {
            let tokenScalars = term.text.unicodeScalars.filter(CJKScript.isTokenCharacter)
            if tokenScalars.count == 1, let only = tokenScalars.first, CJKScript.contains(only) {
                singles.insert(only)
            } else {
                others.append(term.text)
            }
        }
        guard !singles.isEmpty else { return snippet }
        let scalars = Array(snippet.text.unicodeScalars)
        var narrowed = snippet
        narrowed.highlights = snippet.highlights.map { range in
            guard range.count == 2, range.upperBound <= scalars.count, singles.contains(scalars[range.lowerBound]),
                  CJKScript.contains(scalars[range.lowerBound + 1]) else { return range }
            var pair = String.UnicodeScalarView()
            pair.append(contentsOf: scalars[range])
            let text = String(pair)
            if others.contains(where: { $0.contains(text) }) { return range }
            return range.lowerBound..<(range.lowerBound + 1)
        }
        return narrowed
    }

    /// The body excerpt when the body matched, else the excerpt of the column that did.
    private static func bestSnippet(body: String?, any: String?) -> Snippet {
        let fromBody = Snippet(marked: body ?? "")
        if !fromBody.highlights.isEmpty { return fromBody }
        let fromAny = Snippet(marked: any ?? "")
        return fromAny.highlights.isEmpty && !fromBody.text.isEmpty ? fromBody : fromAny
    }

    private func rankedSearch(match: String, query: ParsedQuery, options: SearchOptions) throws -> [SearchResult] {
        var filter = Filter(query: query, options: options)
        filter.appendFilters()
        let extra = filter.conditions.map { " AND " + $0 }.joined()
        let (snippetColumns, snippetParameters) = Self.snippetSQL(for: match, options: options)
        let cjk = Self.needsCJKSnippets(match)
        let terms = query.positiveTerms
        let sql = """
            SELECT \(Self.resultColumns), -notes_fts.rank\(options.includeSnippets ? ", " + snippetColumns : "")
            FROM notes_fts JOIN notes n ON n.id = notes_fts.rowid
            WHERE notes_fts MATCH ?\(extra)
            ORDER BY notes_fts.rank\(options.reverse ? " DESC" : "") LIMIT ? OFFSET ?
            """
        let parameters: [SQLiteValue] = (options.includeSnippets ? snippetParameters : []) + [.text(match)]
            + filter.parameters + [.integer(Int64(options.limit)), .integer(Int64(max(options.offset, 0)))]
        var results = try connection.query(sql, parameters) { row in
            var result = Self.result(from: row)
            result.score = row.double(8)
            guard options.includeSnippets else { return result }
            let (snippet, highlightedBody) = Self.snippet(from: row, at: 9, cjk: cjk, words: options.snippetWords)
            result.snippet = cjk ? Self.narrowingSingleCharacterMarks(snippet, terms: terms) : snippet
            result.line = Self.lineOfFirstMatch(highlightedBody: highlightedBody, noteLine: result.line)
            return result
        }
        // Ties in score are broken by id, in Swift: a second SQL sort key would force a full sort.
        results = results.enumerated().sorted { left, right in
            if left.element.score != right.element.score {
                return options.reverse ? left.element.score < right.element.score : left.element.score > right.element.score
            }
            return left.element.id < right.element.id
        }.map(\.element)
        return results
    }

    private func orderedSearch(query: ParsedQuery, options: SearchOptions) throws -> [SearchResult] {
        var filter = Filter(query: query, options: options)
        let clauses = filter.clauses(matchColumn: query.matchExpression)
        let sort = options.sort == .rank ? SearchSort.modified : options.sort
        var descending: Bool
        let column: String
        switch sort {
        case .rank, .modified: column = "n.modified"; descending = true
        case .created: column = "n.created"; descending = true
        case .title: column = "n.title COLLATE NOCASE"; descending = false
        case .path: column = "n.path"; descending = false
        }
        if options.reverse { descending.toggle() }
        let direction = descending ? "DESC" : "ASC"
        let sql = """
            SELECT \(Self.resultColumns), \(options.includeSnippets ? "substr(n.body, 1, 600)" : "''")
            FROM notes n WHERE \(clauses)
            ORDER BY \(column) \(direction), n.id \(direction) LIMIT ? OFFSET ?
            """
        let parameters = filter.parameters + [.integer(Int64(options.limit)), .integer(Int64(max(options.offset, 0)))]
        var results = try connection.query(sql, parameters) { row in
            var result = Self.result(from: row)
            result.snippet = Self.leadSnippet(row.text(8) ?? "", words: options.snippetWords)
            return result
        }
        if let match = query.matchExpression, options.includeSnippets {
            // Snippets and scores for the returned page only: one indexed lookup per printed row.
            let (snippetColumns, snippetParameters) = Self.snippetSQL(for: match, options: options)
            let cjk = Self.needsCJKSnippets(match)
            let terms = query.positiveTerms
            for position in results.indices {
                let rows = try connection.query("""
                    SELECT -rank, \(snippetColumns)
                    FROM notes_fts WHERE notes_fts MATCH ? AND rowid = ?
                    """, snippetParameters + [.text(match), .integer(results[position].id)]) { row in
                    (row.double(0), Self.snippet(from: row, at: 1, cjk: cjk, words: options.snippetWords))
                }
                if let (score, (snippet, highlighted)) = rows.first {
                    results[position].score = score
                    results[position].snippet = cjk ? Self.narrowingSingleCharacterMarks(snippet, terms: terms) : snippet
                    results[position].line = Self.lineOfFirstMatch(highlightedBody: highlighted, noteLine: results[position].line)
                }
            }
        }
        return results
    }

    private static func result(from row: Statement) -> SearchResult {
        SearchResult(
            id: row.int64(0), path: row.text(1) ?? "", position: row.int(2), line: max(row.int(3), 1),
            title: row.text(4) ?? "", tags: TagList.split(row.text(5) ?? ""), created: row.text(6),
            modified: row.text(7), score: 0, snippet: Snippet(text: ""))
    }

    /// The opening words of a note, for results of filter-only queries.
    private static func leadSnippet(_ body: String, words: Int) -> Snippet {
        let folded = Snippet(marked: body).text
        let parts = folded.split(separator: " ", omittingEmptySubsequences: true)
        if parts.count <= words { return Snippet(text: folded) }
        return Snippet(text: parts.prefix(words).joined(separator: " ") + "…")
    }

    /// The source line of the first match: the note's first line plus the newlines before the first marker.
    static func lineOfFirstMatch(highlightedBody: String?, noteLine: Int) -> Int {
        guard let highlightedBody else { return noteLine }
        var newlines = 0
        for scalar in highlightedBody.unicodeScalars {
            if scalar == Snippet.openMarker { return noteLine + newlines }
            if scalar == "\n" { newlines += 1 }
        }
        return noteLine
    }
}
