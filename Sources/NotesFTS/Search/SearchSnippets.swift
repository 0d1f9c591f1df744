import NotesTokenizer
import SQLiteKit

/// The snippet policy of a search, in one place: which snippet columns a query selects for its match, how
/// they are read back into a ``Snippet`` and the line of the first match, and the excerpts of results
/// without a match (filter-only queries).
///
/// The columns come from `notes_snippet` and `notes_match_line` (``SnippetFunction`` in NotesTokenizer), whose
/// cost is linear in the note's size and capped in the matches they consider, and which handle the
/// overlapping offsets of CJK bigram matches; FTS5's `snippet()` is quadratic in the matches of a note.
struct SearchSnippets {
    /// The snippet columns: the body's, the title's and the tags' excerpts, then the newlines before the
    /// body's first match.
    let columns: String
    /// The named parameters the columns take (`:words`).
    let parameters: [String: SQLiteValue]
    /// Whether the match holds CJK text (its single-character marks are narrowed).
    let isCJK: Bool
    /// Roughly how many words (tokens) a snippet holds (1...64).
    let words: Int
    /// The query's positive terms, for narrowing single-character CJK marks.
    let terms: [QueryTerm]

    /// The snippet columns for `match` (the FTS5 expression of `query`).
    init(match: String, query: ParsedQuery, options: SearchOptions) {
        isCJK = match.unicodeScalars.contains(where: CJKScript.contains)
        words = min(max(options.snippetWords, 1), 64)
        terms = query.positiveTerms
        let name = SnippetFunction.snippetName
        columns = [1, 0, 2].map { "\(name)(notes_fts, \($0), char(2), char(3), '…', :words)" }.joined(separator: ", ")
            + ", \(SnippetFunction.lineName)(notes_fts, 1)"
        parameters = [":words": .integer(Int64(words))]
    }

    /// Sets `result`'s snippet (the first excerpt with a match, else the body's) and the line of its first
    /// match from `columns`.
    func read(_ columns: SnippetColumns, into result: inout SearchResult) {
        read(Self.chosen(columns), into: &result)
    }

    /// Sets `result`'s snippet and the line of its first match from `chosen`.
    func read(_ chosen: ChosenSnippet, into result: inout SearchResult) {
        result.snippet = isCJK ? Self.narrowingSingleCharacterMarks(chosen.snippet, terms: terms) : chosen.snippet
        if let line = chosen.line, Self.bodyKeepsLines(of: result.path) { result.line += line }
    }

    /// What a result shows of `columns`: the first excerpt holding a mark, read in order (body, title, tags),
    /// else the body's.
    static func chosen(_ columns: SnippetColumns) -> ChosenSnippet {
        var snippet = Snippet(marked: columns.excerpts[0])
        if snippet.highlights.isEmpty,
           let marked = columns.excerpts.dropFirst().lazy.map({ Snippet(marked: $0) }).first(where: { !$0.highlights.isEmpty }) {
            snippet = marked
        }
        return ChosenSnippet(snippet: snippet, line: columns.line)
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

    /// The opening words of a note, for results of filter-only queries.
    static func leadSnippet(_ body: String, words: Int) -> Snippet {
        let folded = Snippet(marked: body).text
        let parts = folded.split(separator: " ", omittingEmptySubsequences: true)
        if parts.count <= words { return Snippet(text: folded) }
        return Snippet(text: parts.prefix(words).joined(separator: " ") + "…")
    }

    /// Whether the body of a note from `path` keeps its file's lines (``NoteFileReader/Format/keepsLines``); a
    /// note saved through the library under a path of no known format is taken to keep them.
    static func bodyKeepsLines(of path: String) -> Bool {
        NoteFileReader.format(of: path)?.keepsLines ?? true
    }

    /// The source line of the first match: the note's first line plus the newlines before the first marker
    /// (only the note's line for a body that does not keep its file's lines).
    static func lineOfFirstMatch(highlightedBody: String?, noteLine: Int, path: String) -> Int {
        guard let highlightedBody, bodyKeepsLines(of: path) else { return noteLine }
        var newlines = 0
        for scalar in highlightedBody.unicodeScalars {
            if scalar == Snippet.openMarker { return noteLine + newlines }
            if scalar == "\n" { newlines += 1 }
        }
        return noteLine
    }
}
