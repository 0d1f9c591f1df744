import NotesTokenizer

/// One column of a note read by the tokenizer for a query's phrases (``TermTokenizer/scan(_:phrases:)``):
/// where each token position starts and ends, and the instances of the phrases, as FTS5's `xInst` lists
/// them (by position, then phrase; the first ``SnippetWindow/matchLimit``). What ``ColumnSnippet`` needs to
/// make a snippet without an FTS5 cursor.
///
/// A phrase of several tokens matches where its tokens stand at consecutive positions: each position keeps
/// one bit for every (phrase, token) pair its tokens match (``PhraseMatcher``), and a phrase ends at a
/// position whose bit for its last token is set while the positions before it have the bits of the tokens
/// before.
struct PhraseScan {
    /// The phrases' tokens.
    let matcher: PhraseMatcher
    /// Byte offsets of the token at each position (colocated tokens share their position and are left out).
    private(set) var tokens: [TokenOffsets] = []
    /// Where each position's token starts (``tokens``' starts; for tests).
    var starts: [Int32] { tokens.map(\.start) }
    /// Where each position's token ends.
    var ends: [Int32] { tokens.map(\.end) }
    /// The instances found so far.
    private(set) var matches: [SnippetMatch] = []
    /// The bits of the last positions, position `p` at `recent[p & ringMask]`: a power of two at least
    /// ``PhraseMatcher/longest`` of them, so a phrase looks back only at positions still held.
    private var recent: [UInt64]
    private let ringMask: Int

    /// A scan for `phrases` (at most ``QueryPhrases/tokenLimit`` tokens in all), before any token.
    init(phrases: [QueryPhrases.Phrase]) {
        self.init(matcher: PhraseMatcher(phrases))
    }

    /// A scan with `matcher`, before any token, with room for about `expectedTokens` positions.
    init(matcher: PhraseMatcher, expectedTokens: Int = 0) {
        self.matcher = matcher
        var ring = 1
        while ring < matcher.longest { ring <<= 1 }
        recent = Array(repeating: 0, count: ring)
        ringMask = ring - 1
        tokens.reserveCapacity(expectedTokens)
    }

    /// Records one token as FTS5's insert counts it: a token colocated with the one before takes its
    /// position; the first token always takes a new one.
    mutating func add(token: UnsafeRawBufferPointer, start: Int32, end: Int32, colocated: Bool) {
        record(matcher.bits(of: token), start: start, end: end, colocated: colocated)
    }

    /// Records the token `text[start..<end]`, ASCII letters and digits that the tokenizer folds to lower
    /// case, at a new position (``TermTokenizer/scanReadingASCII(_:matcher:)``).
    mutating func addASCII(_ text: UnsafeRawBufferPointer, start: Int, end: Int) {
        // FTS5 keeps the first 32,768 bytes of a longer token.
        record(matcher.bits(ofASCII: text, from: start, count: min(end - start, 32768)), start: Int32(start),
               end: Int32(end), colocated: false)
    }

    @inline(__always)
    private mutating func record(_ bits: UInt64, start: Int32, end: Int32, colocated: Bool) {
        if !colocated || tokens.isEmpty {
            tokens.append(TokenOffsets(start: start, end: end))
            recent[(tokens.count - 1) & ringMask] = 0
        }
        guard bits != 0 else { return }
        let position = tokens.count - 1
        recent[position & ringMask] |= bits
        // A phrase can newly end here only where this token matched its last token; one that ended here on a
        // colocated token before is the same instance (``instances`` keeps each once).
        for phrase in matcher.lastBits.indices where bits & matcher.lastBits[phrase] != 0 && endsHere(phrase, at: position) {
            let count = matcher.tokenCounts[phrase]
            matches.append(SnippetMatch(phrase: phrase, position: position - count + 1, length: count))
        }
    }

    /// Whether `phrase` has its last token at `position` and its others at the positions before.
    private func endsHere(_ phrase: Int, at position: Int) -> Bool {
        let count = matcher.tokenCounts[phrase]
        guard count > 0, position >= count - 1 else { return false }
        let first = matcher.firstBits[phrase]
        for index in 0..<count {
            let bit = UInt64(1) << UInt64(first + index)
            if recent[(position - count + 1 + index) & ringMask] & bit == 0 { return false }
        }
        return true
    }

    /// The instances in `xInst`'s order, each once (two colocated tokens of one term are one instance), at
    /// most ``SnippetWindow/matchLimit`` of them.
    var instances: [SnippetMatch] {
        // The scan finds them in this order, each once, unless a phrase of several tokens or a colocated
        // token puts one out of it: only then are they sorted and repeats dropped.
        if matches.count <= SnippetWindow.matchLimit,
           zip(matches, matches.dropFirst()).allSatisfy({ ($0.position, $0.phrase) < ($1.position, $1.phrase) }) {
            return matches
        }
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
