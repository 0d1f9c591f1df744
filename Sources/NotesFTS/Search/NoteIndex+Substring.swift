import Foundation
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
        let wanted = ranked ? options.pageEnd : nil
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
        let statement = SearchSQL.substringCandidates(query, options: options)
        let weights = Schema.rankWeights
        let words = min(max(options.snippetWords, 1), 64)
        return try read { db in
            let candidates = try db.prepare(statement.sql)
            defer { candidates.finalize() }
            try candidates.bind(statement.parameters)
            var found: [SearchResult] = []
            while try candidates.step() {
                var result = SearchResult(row: candidates)
                let tags = candidates.text(.tags) ?? ""
                let body = candidates.text(ResultColumn.next) ?? ""
                let inTitle = query.occurrences(in: result.title).count
                let inBody = query.occurrences(in: body).count
                let inTags = query.occurrences(in: tags).count
                guard inTitle + inBody + inTags > 0 else { continue }
                result.score = query.matchExpression == nil
                    ? weights.title * Double(inTitle) + weights.body * Double(inBody) + weights.tags * Double(inTags)
                    : candidates.double(ResultColumn.next + 1)
                if snippets {
                    let markedBody = inBody > 0 ? query.marked(body) : nil
                    let source = markedBody ?? (inTitle > 0 ? query.marked(result.title) : query.marked(tags))
                    result.snippet = Snippet.window(marked: source, words: words)
                    result.line = SearchSnippets.lineOfFirstMatch(highlightedBody: markedBody, noteLine: result.line,
                                                                  path: result.path)
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
        case .modified: sorted = results.sorted { ($0.modified ?? .distantPast, $1.id) > ($1.modified ?? .distantPast, $0.id) }
        case .created: sorted = results.sorted { ($0.created ?? .distantPast, $1.id) > ($1.created ?? .distantPast, $0.id) }
        case .title: sorted = results.sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
        case .path: sorted = results.sorted { ($0.path, $0.id) < ($1.path, $1.id) }
        }
        return options.reverse ? sorted.reversed() : sorted
    }
}
