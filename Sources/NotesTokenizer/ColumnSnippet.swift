import CSQLite

/// The two per-column outputs of search snippets, made from a column's text, its matches and its tokens:
/// ``render(_:matches:tokens:open:close:ellipsis:feed:)`` (`notes_snippet`) and
/// ``newlinesBeforeFirstMatch(_:matches:feed:)`` (`notes_match_line`).
///
/// `feed` hands the span (``SnippetSpan``) the column's tokens in order, colocated ones left out, and returns
/// an SQLite result code. FTS5's auxiliary functions feed it from `xTokenize` with the matches from `xInst`;
/// the top-k path feeds it from its own pass of the tokenizer over the note's text, so both make the same
/// bytes from the same positions.
package enum ColumnSnippet {
    /// A failed `feed`, with its SQLite result code.
    package struct Failure: Error {
        /// The SQLite result code `feed` returned.
        package let code: Int32
    }

    /// The snippet of a column of `text`: the window of `tokens` tokens ``SnippetWindow`` chooses for
    /// `matches` (sorted by position), cut from the text with each match between `open` and `close` and
    /// `ellipsis` where text was cut.
    package static func render(_ text: UnsafeRawBufferPointer, matches: [SnippetMatch], tokens: Int, open: [UInt8],
                               close: [UInt8], ellipsis: [UInt8],
                               feed: (inout SnippetSpan) -> Int32) throws(Failure) -> [UInt8] {
        var span = SnippetSpan(window: SnippetWindow.choose(matches, size: min(max(tokens, 1), 64)), matches: matches)
        let result = feed(&span)
        guard result == SQLITE_OK else { throw Failure(code: result) }
        span.finish(textLength: text.count)
        return SnippetWindow.render(text, span: span, open: open, close: close, ellipsis: ellipsis)
    }

    /// How many newlines precede the first of `matches` (sorted by position) in `text`; `nil` when there is
    /// no match or `feed` failed.
    package static func newlinesBeforeFirstMatch(_ text: UnsafeRawBufferPointer, matches: [SnippetMatch],
                                                 feed: (inout SnippetSpan) -> Int32) -> Int64? {
        guard let first = matches.first else { return nil }
        var span = SnippetSpan(window: first.position..<(first.position + 1), matches: [first])
        guard feed(&span) == SQLITE_OK else { return nil }
        span.finish(textLength: text.count)
        var newlines: Int64 = 0
        for byte in text[0..<min(span.marks.first?.lowerBound ?? 0, text.count)] where byte == 0x0A { newlines += 1 }
        return newlines
    }

    /// A `feed` over token offsets already known: `tokens[i]` is the token at position `i`.
    package static func feeding(tokens: [TokenOffsets]) -> (inout SnippetSpan) -> Int32 {
        { span in
            for token in tokens where !span.add(start: Int(token.start), end: Int(token.end)) { break }
            return SQLITE_OK
        }
    }
}
