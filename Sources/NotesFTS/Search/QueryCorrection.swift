/// A misspelt word the search replaced: the word as typed and the indexed word searched instead.
public struct QueryCorrection: Sendable, Equatable {
    /// The word as typed (folded to lower case).
    public var typed: String
    /// The indexed word searched instead.
    public var replacement: String

    /// Creates a correction.
    public init(typed: String, replacement: String) {
        self.typed = typed
        self.replacement = replacement
    }
}

/// A query after ``NoteIndex/expand(_:)``: the query to search, with word forms added and typos corrected,
/// and the corrections it made (in query order).
package struct ExpandedQuery: Sendable, Equatable {
    /// What to search.
    package var query: ParsedQuery
    /// Each word that matched no note and the indexed word searched instead.
    package var corrections: [QueryCorrection]
    /// The words that matched no note and have no indexed word within two edits: already looked up, so
    /// ``NoteIndex/suggestions(for:limit:skipping:)`` need not look again.
    package var farFromEveryWord: Set<String>

    /// Creates an expanded query.
    package init(query: ParsedQuery, corrections: [QueryCorrection] = [], farFromEveryWord: Set<String> = []) {
        self.query = query
        self.corrections = corrections
        self.farFromEveryWord = farFromEveryWord
    }
}
