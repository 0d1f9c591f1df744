/// What a search result shows of its snippet columns (``SnippetColumns``): the first excerpt of the body, the
/// title and the tags that holds a mark (the body's when none does), and how many newlines precede the body's
/// first match (`nil` when the body has none).
///
/// ``SearchSnippets/chosen(_:)`` reads it from the columns FTS5 computes; the top-k path makes it from the
/// note's text (``SearchSnippets/chosenSnippet(of:at:phrases:tokenizer:)``), making the title's and the tags'
/// excerpts only when the body's holds no mark.
struct ChosenSnippet: Equatable {
    /// The excerpt shown, read from its marked text (before any narrowing of CJK marks).
    var snippet: Snippet
    /// Newlines before the body's first match.
    var line: Int?
}
