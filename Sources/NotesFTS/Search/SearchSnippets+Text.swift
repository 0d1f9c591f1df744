import NotesTokenizer
import SQLiteKit

extension SearchSnippets {
    /// The ``SnippetColumns`` FTS5 would compute for a note, made from the note's indexed text (title, body
    /// and tags at `column`...`column + 2` of `row`, read as bytes exactly as FTS5 reads its content) with
    /// no FTS5 cursor: `tokenizer` finds the instances of `phrases` (``PhraseScan``) and the same code as
    /// `notes_snippet` and `notes_match_line` cuts and marks the text (``ColumnSnippet``). `nil` when the
    /// tokenizer failed.
    ///
    /// The top-k path uses ``chosenSnippet(of:at:phrases:tokenizer:)``, which makes only the excerpts a result
    /// shows: a rowid-constrained MATCH costs an FTS5 seek per note (about 50 µs for a common word at 100,000
    /// notes), and the snippet functions then tokenize the column again.
    func snippetColumns(of row: Statement, at column: Int32, phrases: QueryPhrases,
                        tokenizer: TermTokenizer) -> SnippetColumns? {
        guard let body = excerpt(row, column + 1, isBody: true, phrases: phrases, tokenizer: tokenizer),
              let title = excerpt(row, column, isBody: false, phrases: phrases, tokenizer: tokenizer),
              let tags = excerpt(row, column + 2, isBody: false, phrases: phrases, tokenizer: tokenizer) else { return nil }
        return SnippetColumns(excerpts: [body.text, title.text, tags.text], line: body.newlines)
    }

    /// What ``chosen(_:)`` reads from ``snippetColumns(of:at:phrases:tokenizer:)``, making the title's and
    /// the tags' excerpts only when the body's holds no mark (a result shows one excerpt). `nil` when the
    /// tokenizer failed on a column read.
    func chosenSnippet(of row: Statement, at column: Int32, phrases: QueryPhrases,
                       tokenizer: TermTokenizer) -> ChosenSnippet? {
        guard let body = excerpt(row, column + 1, isBody: true, phrases: phrases, tokenizer: tokenizer) else { return nil }
        var chosen = ChosenSnippet(snippet: Snippet(marked: body.text), line: body.newlines)
        guard chosen.snippet.highlights.isEmpty else { return chosen }
        for indexed in [column, column + 2] {
            guard let other = excerpt(row, indexed, isBody: false, phrases: phrases, tokenizer: tokenizer) else { return nil }
            let snippet = Snippet(marked: other.text)
            if !snippet.highlights.isEmpty {
                chosen.snippet = snippet
                break
            }
        }
        return chosen
    }

    /// The marked excerpt of the text at `column` of `row` (`notes_snippet`), and for the body the newlines
    /// before its first match (`notes_match_line`); `nil` when the tokenizer failed.
    private func excerpt(_ row: Statement, _ column: Int32, isBody: Bool, phrases: QueryPhrases,
                         tokenizer: TermTokenizer) -> (text: String, newlines: Int?)? {
        row.withBlob(column) { text in
            guard let scan = tokenizer.locate(text, phrases: phrases) else { return nil }
            let matches = scan.instances
            guard let output = try? ColumnSnippet.render(text, matches: matches, tokens: words, open: [2], close: [3],
                                                         ellipsis: Self.ellipsis,
                                                         feed: { tokenizer.feedWindow(text, of: scan, into: &$0) }) else {
                return nil
            }
            // `notes_match_line`'s count, from the offset the scan already holds
            // (``ColumnSnippet/newlinesBeforeFirstMatch`` feeds the tokens again up to the first match).
            let newlines = isBody ? scan.firstInstanceStart.map { Self.newlines(in: text, before: $0) } : nil
            return (String(decoding: output, as: UTF8.self), newlines)
        }
    }

    /// The number of newlines in `text` before byte `offset`, eight bytes at a time: a byte of `word ^ 0x0A…`
    /// is zero exactly where `word` holds a newline, and adding 0x7F to its low seven bits sets its high bit
    /// unless it is zero (no carry reaches the next byte).
    static func newlines(in text: UnsafeRawBufferPointer, before offset: Int) -> Int {
        let limit = min(max(offset, 0), text.count)
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var count = 0, index = 0
        while index + 8 <= limit {
            let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ 0x0A0A_0A0A_0A0A_0A0A
            // High bit set in each byte that is not zero.
            let nonzero = ((word & low) &+ low) | word
            count += (~nonzero & ~low).nonzeroBitCount
            index += 8
        }
        while index < limit {
            if text[index] == 0x0A { count += 1 }
            index += 1
        }
        return count
    }

    /// What the SQL snippet columns put where text was cut (`'…'`).
    private static let ellipsis = Array("…".utf8)
}
