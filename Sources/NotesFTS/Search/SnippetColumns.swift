import SQLiteKit

/// What a search reads to make one result's snippet: the marked excerpts of the body, the title and the tags
/// (``Snippet/openMarker``, ``Snippet/closeMarker``, `…` where cut), and how many newlines precede the body's
/// first match (`nil` when the body has none).
///
/// FTS5 computes them as four SQL columns (``SearchSnippets/columns``); the top-k path makes the same from
/// the note's text (``SearchSnippets/snippetColumns(of:at:phrases:tokenizer:)``).
struct SnippetColumns: Equatable {
    /// The excerpts: body, title, tags.
    var excerpts: [String]
    /// Newlines before the body's first match.
    var line: Int?

    /// The columns as given.
    init(excerpts: [String], line: Int?) {
        self.excerpts = excerpts
        self.line = line
    }

    /// The four columns ``SearchSnippets/columns`` selects, at `column`...`column + 3` of `row`.
    init(row: Statement, at column: Int32) {
        excerpts = (0..<3).map { row.text(column + Int32($0)) ?? "" }
        line = row.isNull(column + 3) ? nil : row.int(column + 3)
    }
}
