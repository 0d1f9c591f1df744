import SQLiteKit

extension NoteIndex {
    /// The notes whose title, body or tags contain `query.text` (see ``SubstringQuery``), best first.
    ///
    /// Candidates come from the index (ranked by bm25) when the text gives a condition, else from a scan of
    /// every note (ranked by occurrences, weighted like bm25's columns); each is checked against the text.
    /// `options.limit`, `offset`, `dateFilters`, `sort` and `reverse` apply.
    public func searchSubstring(_ query: SubstringQuery, options: SearchOptions = SearchOptions()) throws -> [SearchResult] {
        if query.isEmpty || options.limit <= 0 { return [] }
        let ranked = options.sort == .rank && !options.reverse
        // Ranked: stop once the page is full. Other orders need every match before paging.
        let wanted = ranked ? max(options.offset, 0) + options.limit : nil
        var results = try substringMatches(query, options: options, stopAfter: wanted)
        if !ranked { results = Self.reorder(results, options: options) }
        return Array(results.dropFirst(max(options.offset, 0)).prefix(options.limit))
    }

    /// The number of notes ``searchSubstring(_:options:)`` would find without paging.
    public func countSubstring(_ query: SubstringQuery, options: SearchOptions = SearchOptions()) throws -> Int {
        if query.isEmpty { return 0 }
        return try substringMatches(query, options: options, stopAfter: nil, snippets: false).count
    }

    private func substringMatches(_ query: SubstringQuery, options: SearchOptions, stopAfter: Int?,
                                  snippets: Bool = true) throws -> [SearchResult] {
        var conditions: [String] = []
        var parameters: [SQLiteValue] = []
        for (sql, value) in options.dateFilters.flatMap(\.sqlConditions) {
            conditions.append(sql)
            parameters.append(.text(value))
        }
        let columns = "n.id, n.path, n.position, n.line, n.title, n.tags, n.created, n.modified, n.body"
        let sql: String
        if let match = query.matchExpression {
            sql = """
                SELECT \(columns), -notes_fts.rank FROM notes_fts JOIN notes n ON n.id = notes_fts.rowid
                WHERE notes_fts MATCH ?\(conditions.map { " AND " + $0 }.joined()) ORDER BY notes_fts.rank
                """
            parameters.insert(.text(match), at: 0)
        } else {
            sql = "SELECT \(columns), 0.0 FROM notes n WHERE \(conditions.isEmpty ? "1" : conditions.joined(separator: " AND "))"
        }
        let weights = Schema.rankWeights
        let words = min(max(options.snippetWords, 1), 64)
        return try wrap {
            let statement = try connection.prepare(sql)
            defer { statement.finalize() }
            try statement.bind(parameters)
            var found: [SearchResult] = []
            while try statement.step() {
                let title = statement.text(4) ?? ""
                let tags = statement.text(5) ?? ""
                let body = statement.text(8) ?? ""
                let inTitle = query.occurrences(in: title).count
                let inBody = query.occurrences(in: body).count
                let inTags = query.occurrences(in: tags).count
                guard inTitle + inBody + inTags > 0 else { continue }
                var result = SearchResult(
                    id: statement.int64(0), path: statement.text(1) ?? "", position: statement.int(2),
                    line: max(statement.int(3), 1), title: title, tags: TagList.split(tags),
                    created: statement.text(6), modified: statement.text(7), score: 0, snippet: Snippet(text: ""))
                result.score = query.matchExpression == nil
                    ? weights.title * Double(inTitle) + weights.body * Double(inBody) + weights.tags * Double(inTags)
                    : statement.double(9)
                if snippets {
                    let markedBody = inBody > 0 ? query.marked(body) : nil
                    let source = markedBody ?? (inTitle > 0 ? query.marked(title) : query.marked(tags))
                    result.snippet = Snippet.window(marked: source, words: words)
                    result.line = Self.lineOfFirstMatch(highlightedBody: markedBody, noteLine: result.line)
                }
                found.append(result)
                if query.matchExpression != nil, let stopAfter, found.count >= stopAfter { break }
            }
            if query.matchExpression == nil {
                found.sort { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }
            }
            return found
        }
    }

    /// Orders a page of substring results by `options.sort` (and `reverse`), ties by id.
    private static func reorder(_ results: [SearchResult], options: SearchOptions) -> [SearchResult] {
        let sorted: [SearchResult]
        switch options.sort {
        case .rank: sorted = results
        case .modified: sorted = results.sorted { ($0.modified ?? "", $1.id) > ($1.modified ?? "", $0.id) }
        case .created: sorted = results.sorted { ($0.created ?? "", $1.id) > ($1.created ?? "", $0.id) }
        case .title: sorted = results.sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
        case .path: sorted = results.sorted { ($0.path, $0.id) < ($1.path, $1.id) }
        }
        return options.reverse ? sorted.reversed() : sorted
    }
}
