/// One searchable unit: a word, a `"phrase"`, or a `prefix*`, optionally limited to a column.
package struct QueryTerm: Sendable, Equatable {
    /// The text as typed (NFC), without quotes or the trailing `*`.
    package var text: String
    /// `true` for a quoted phrase.
    package var isPhrase: Bool
    /// `true` for a trailing `*`: match any word starting with the text.
    package var isPrefix: Bool
    /// The column the term is limited to, if any.
    package var column: QueryColumn?
    /// Other indexed forms of the word that also match (`meeting` for `meetings`), filled by
    /// ``NoteIndex/expand(_:)``; empty for an exact term.
    package var forms: [String] = []

    /// Creates a term.
    package init(_ text: String, isPhrase: Bool = false, isPrefix: Bool = false, column: QueryColumn? = nil) {
        self.text = text
        self.isPhrase = isPhrase
        self.isPrefix = isPrefix
        self.column = column
    }

    /// Whether FTS5 can match the term at all (it holds a letter or digit).
    package var isSearchable: Bool { TextNormalization.hasTokenCharacters(text) }

    /// The term as an FTS5 string: always double-quoted (so no input is read as FTS5 syntax), `""` for `"`.
    ///
    /// A term ending in a lone CJK character (`국`, `sqlite를`) becomes a prefix query: the CJK tokenizer
    /// indexes such a character inside a run only as the start of a bigram (``CJKTokenizer``), so `"국" *`
    /// is what finds every note holding it. Longer CJK words are phrases of bigrams, served by the index.
    package var matchExpression: String { FTS5Expression.term(self) }
}
