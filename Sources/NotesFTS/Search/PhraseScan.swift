import NotesTokenizer

/// One column of a note read by the tokenizer for a query's phrases (``TermTokenizer/scan(_:phrases:)``):
/// where each token position starts and ends, and the instances of the phrases, as FTS5's `xInst` lists
/// them (by position, then phrase; the first ``SnippetWindow/matchLimit``). What ``ColumnSnippet`` needs to
/// make a snippet without an FTS5 cursor.
///
/// A phrase of several tokens matches where its tokens stand at consecutive positions: each position keeps
/// one bit for every (phrase, token) pair its tokens match, and a phrase ends at a position whose bit for its
/// last token is set while the positions before it have the bits of the tokens before.
struct PhraseScan {
    /// The phrases looked for, in FTS5's numbering.
    let phrases: [QueryPhrases.Phrase]
    /// Byte offsets of the token at each position (colocated tokens share their position and are left out).
    private(set) var starts: [Int32] = []
    private(set) var ends: [Int32] = []
    /// The instances found so far.
    private(set) var matches: [SnippetMatch] = []
    /// The bit of each phrase's first token; a phrase's token `j` has bit `firstBit[phrase] + j`.
    private let firstBit: [Int]
    /// The longest phrase, in tokens.
    private let longest: Int
    /// The bits of the last ``longest`` positions, the current one at `recent[position % longest]`.
    private var recent: [UInt64]

    /// A scan for `phrases` (at most ``QueryPhrases/tokenLimit`` tokens in all), before any token.
    init(phrases: [QueryPhrases.Phrase]) {
        self.phrases = phrases
        var bits: [Int] = []
        var next = 0
        for phrase in phrases {
            bits.append(next)
            next += phrase.tokens.count
        }
        firstBit = bits
        longest = max(phrases.map(\.tokens.count).max() ?? 1, 1)
        recent = Array(repeating: 0, count: longest)
    }

    /// Records one token as FTS5's insert counts it: a token colocated with the one before takes its
    /// position; the first token always takes a new one.
    mutating func add(token: UnsafeRawBufferPointer, start: Int32, end: Int32, colocated: Bool) {
        if !colocated || starts.isEmpty {
            starts.append(start)
            ends.append(end)
            recent[(starts.count - 1) % longest] = 0
        }
        let position = starts.count - 1
        var bits: UInt64 = 0
        for (phrase, candidate) in phrases.enumerated() {
            for index in candidate.tokens.indices where candidate.matches(token, at: index) {
                bits |= 1 << UInt64(firstBit[phrase] + index)
            }
        }
        guard bits != 0 else { return }
        recent[position % longest] |= bits
        for (phrase, candidate) in phrases.enumerated() where endsHere(phrase, candidate, at: position) {
            matches.append(SnippetMatch(phrase: phrase, position: position - candidate.tokens.count + 1,
                                        length: candidate.tokens.count))
        }
    }

    /// Whether `phrase` has its last token at `position` and its others at the positions before.
    private func endsHere(_ phrase: Int, _ candidate: QueryPhrases.Phrase, at position: Int) -> Bool {
        let count = candidate.tokens.count
        guard count > 0, position >= count - 1 else { return false }
        for index in 0..<count {
            let bit = UInt64(1) << UInt64(firstBit[phrase] + index)
            if recent[(position - count + 1 + index) % longest] & bit == 0 { return false }
        }
        return true
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
