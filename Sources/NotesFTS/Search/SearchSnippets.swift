import NotesTokenizer
import SQLiteKit

/// The snippet policy of a search, in one place: which snippet columns a query selects for its match, how
/// they are read back into a ``Snippet`` and the line of the first match, and the excerpts of results
/// without a match (filter-only queries).
struct SearchSnippets {
    /// The three snippet columns: for plain text a body snippet, a best-column snippet (for matches only in
    /// the title or tags) and the highlighted body (to find the line of the first match); for queries with CJK
    /// text the whole body, title and tags marked by `notes_highlight`, which (unlike `snippet()`) handles the
    /// overlapping offsets of bigram matches.
    let columns: String
    /// The named parameters the columns take (`:words`, or none).
    let parameters: [String: SQLiteValue]
    /// Whether the match holds CJK text (the `notes_highlight` columns).
    let isCJK: Bool
    /// Roughly how many words a snippet holds (1...64).
    let words: Int
    /// The query's positive terms, for narrowing single-character CJK marks.
    let terms: [QueryTerm]

    /// The snippet columns for `match` (the FTS5 expression of `query`).
    init(match: String, query: ParsedQuery, options: SearchOptions) {
        isCJK = match.unicodeScalars.contains(where: CJKScript.contains)
        words = min(max(options.snippetWords, 1), 64)
        terms = query.positiveTerms
        if isCJK {
            columns = """
                notes_highlight(notes_fts, 1, char(2), char(3)), notes_highlight(notes_fts, 0, char(2), char(3)),
                notes_highlight(notes_fts, 2, char(2), char(3))
                """
            parameters = [:]
        } else {
            columns = """
                snippet(notes_fts, 1, char(2), char(3), '…', :words), snippet(notes_fts, -1, char(2), char(3), '…', :words),
                highlight(notes_fts, 1, char(2), char(3))
                """
            parameters = [":words": .integer(Int64(words))]
        }
    }

    /// Reads the three snippet columns at `column`...`column + 2` of `row`, and sets `result`'s snippet and
    /// the line of its first match.
    func read(_ row: Statement, at column: Int32, into result: inout SearchResult) {
        let (snippet, highlightedBody) = rawSnippet(row, at: column)
        result.snippet = isCJK ? Self.narrowingSingleCharacterMarks(snippet, terms: terms) : snippet
        result.line = Self.lineOfFirstMatch(highlightedBody: highlightedBody, noteLine: result.line)
    }

    private func rawSnippet(_ row: Statement, at column: Int32) -> (Snippet, String?) {
        if !isCJK {
            return (Self.bestSnippet(body: row.text(column), any: row.text(column + 1)), row.text(column + 2))
        }
        let body = row.text(column)
        for marked in [body, row.text(column + 1), row.text(column + 2)] {
            guard let marked, marked.unicodeScalars.contains(Snippet.openMarker) else { continue }
            return (Snippet.window(marked: marked, words: words), body)
        }
        return (Snippet.window(marked: body ?? "", words: words), body)
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

    /// The opening words of a note, for results of filter-only queries.
    static func leadSnippet(_ body: String, words: Int) -> Snippet {
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
