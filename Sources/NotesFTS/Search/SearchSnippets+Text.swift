import NotesTokenizer
import SQLiteKit

extension SearchSnippets {
    /// The ``SnippetColumns`` FTS5 would compute for a note, made from the note's indexed text (title, body
    /// and tags at `column`...`column + 2` of `row`, read as bytes exactly as FTS5 reads its content) with
    /// no FTS5 cursor: `tokenizer` finds the instances of `phrases` (``PhraseScan``) and the same code as
    /// `notes_snippet` and `notes_match_line` cuts and marks the text (``ColumnSnippet``). `nil` when the
    /// tokenizer failed.
    ///
    /// The top-k path uses it: a rowid-constrained MATCH costs an FTS5 seek per note (about 50 µs for a
    /// common word at 100,000 notes), and the snippet functions then tokenize the column again.
    func snippetColumns(of row: Statement, at column: Int32, phrases: QueryPhrases,
                        tokenizer: TermTokenizer) -> SnippetColumns? {
        var excerpts: [String] = []
        var line: Int?
        for indexed in [1, 0, 2] {
            let made: (String, Int?)?? = row.withBlob(column + Int32(indexed)) { text in
                guard let scan = tokenizer.scan(text, phrases: phrases) else { return nil }
                let matches = scan.instances
                let feed = ColumnSnippet.feeding(starts: scan.starts, ends: scan.ends)
                guard let output = try? ColumnSnippet.render(text, matches: matches, tokens: words, open: [2], close: [3],
                                                             ellipsis: Self.ellipsis, feed: feed) else { return nil }
                let newlines = indexed == 1 ? ColumnSnippet.newlinesBeforeFirstMatch(text, matches: matches, feed: feed) : nil
                return (String(decoding: output, as: UTF8.self), newlines.map { Int($0) })
            }
            guard let (excerpt, newlines) = made ?? nil else { return nil }
            excerpts.append(excerpt)
            if indexed == 1 { line = newlines }
        }
        return SnippetColumns(excerpts: excerpts, line: line)
    }

    /// What the SQL snippet columns put where text was cut (`'…'`).
    private static let ellipsis = Array("…".utf8)
}
