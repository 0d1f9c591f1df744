import NotesTokenizer

/// One column of a note read by the tokenizer for a query's phrases (``TermTokenizer/scan(_:phrases:)``):
/// where each token position starts and ends, and the instances of the phrases, as FTS5's `xInst` lists
/// them (by position, then phrase; the first ``SnippetWindow/matchLimit``). What ``ColumnSnippet`` needs to
/// make a snippet without an FTS5 cursor.
struct PhraseScan {
    /// The phrases looked for, in FTS5's numbering.
    let phrases: [QueryPhrases.Phrase]
    /// Byte offsets of the token at each position (colocated tokens share their position and are left out).
    private(set) var starts: [Int32] = []
    private(set) var ends: [Int32] = []
    /// The instances found so far.
    private(set) var matches: [SnippetMatch] = []

    /// A scan for `phrases`, before any token.
    init(phrases: [QueryPhrases.Phrase]) {
        self.phrases = phrases
    }

    /// Records one token as FTS5's insert counts it: a token colocated with the one before takes its
    /// position; the first token always takes a new one.
    mutating func add(token: UnsafeRawBufferPointer, start: Int32, end: Int32, colocated: Bool) {
        if !colocated || starts.isEmpty {
            starts.append(start)
            ends.append(end)
        }
        let position = starts.count - 1
        for (phrase, candidate) in phrases.enumerated() where candidate.matches(token) {
            matches.append(SnippetMatch(phrase: phrase, position: position, length: 1))
        }
    }

    /// The instances in `xInst`'s order, each once (two colocated tokens of one term are one instance), at
    /// most ``SnippetWindow/matchLimit`` of them.
    var instances: [SnippetMatch] {
        var sorted = matches
        sorted.sort { ($0.position, $0.phrase) < ($1.position, $1.phrase) }
        var unique: [SnippetMatch] = []
        unique.reserveCapacity(min(sorted.count, SnippetWindow.matchLimit))
        for match in sorted where unique.last != match {
            unique.append(match)
            if unique.count == SnippetWindow.matchLimit { break }
        }
        return unique
    }
}
