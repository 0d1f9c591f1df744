import NotesTokenizer

/// One column of a note read by the tokenizer for a query's phrases (``TermTokenizer/locate(_:phrases:)``):
/// where each token position starts and ends, and the instances of the phrases, as FTS5's `xInst` lists
/// them (by position, then phrase; the first ``SnippetWindow/matchLimit``). What ``ColumnSnippet`` needs to
/// make a snippet without an FTS5 cursor.
///
/// A scan that does not keep offsets (``keepsOffsets``) holds the instances, the number of positions and a
/// few ``restarts`` instead: the snippet's window is then read again from the restart before it
/// (``TermTokenizer/feedWindow(_:of:into:)``), and the tokens no phrase matches cost no record.
///
/// A phrase of several tokens matches where its tokens stand at consecutive positions: each position keeps
/// one bit for every (phrase, token) pair its tokens match (``PhraseMatcher``), and a phrase ends at a
/// position whose bit for its last token is set while the positions before it have the bits of the tokens
/// before.
struct PhraseScan {
    /// A byte offset where a scan may start again and read the same tokens from there on (no token spans it),
    /// and the position of the first token at or after it (``TermTokenizer/locateReadingASCII(_:matcher:)``).
    struct Restart: Equatable {
        var offset: Int
        var position: Int
    }

    /// What the scan keeps of one of the last positions that matched a (phrase, token) pair: the position, its
    /// bits and where its token starts.
    private struct Recent {
        var position: Int
        var bits: UInt64
        var start: Int32
    }

    /// The phrases' tokens.
    let matcher: PhraseMatcher
    /// Whether ``tokens`` holds every position's offsets; a scan that keeps only ``restarts`` (one
    /// ``TermTokenizer/locateReadingASCII(_:matcher:)`` makes) leaves it empty.
    let keepsOffsets: Bool
    /// Byte offsets of the token at each position (colocated tokens share their position and are left out),
    /// when the scan ``keepsOffsets``.
    private(set) var tokens: [TokenOffsets] = []
    /// Where each position's token starts (``tokens``' starts; for tests).
    var starts: [Int32] { tokens.map(\.start) }
    /// Where each position's token ends.
    var ends: [Int32] { tokens.map(\.end) }
    /// The number of positions so far.
    private(set) var count = 0
    /// Offsets a scan of part of the text may start from, in order, the first at offset 0 (position 0): kept by
    /// a scan that does not keep offsets.
    private(set) var restarts: [Restart] = [Restart(offset: 0, position: 0)]
    /// The instances found so far, and where the token at each one's first position starts.
    private(set) var matches: [SnippetMatch] = []
    private var matchStarts: [Int32] = []
    /// The last positions with bits, position `p` at `recent[p & ringMask]`: a power of two at least
    /// ``PhraseMatcher/longest`` of them, so a phrase looks back only at positions still held. A position
    /// with no bit is never written, so an entry holding another position means no bit.
    private var recent: [Recent]
    private let ringMask: Int
    /// Where the token at the last position starts.
    private var lastStart: Int32 = 0

    /// A scan for `phrases` (at most ``QueryPhrases/tokenLimit`` tokens in all), before any token.
    init(phrases: [QueryPhrases.Phrase]) {
        self.init(matcher: PhraseMatcher(phrases))
    }

    /// A scan with `matcher`, before any token, with room for about `expectedTokens` positions; one that does
    /// not keep offsets counts positions and keeps ``restarts`` instead of ``tokens``.
    init(matcher: PhraseMatcher, expectedTokens: Int = 0, keepsOffsets: Bool = true) {
        self.matcher = matcher
        self.keepsOffsets = keepsOffsets
        var ring = 1
        while ring < matcher.longest { ring <<= 1 }
        recent = Array(repeating: Recent(position: -1, bits: 0, start: 0), count: ring)
        ringMask = ring - 1
        if keepsOffsets { tokens.reserveCapacity(expectedTokens) }
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

    /// Counts `tokens` positions whose tokens match no (phrase, token) pair, without their offsets (a scan
    /// that does not keep offsets; a negative count takes back positions counted so).
    @inline(__always)
    mutating func skip(_ tokens: Int) {
        count += tokens
    }

    /// Notes that a scan may start again at `offset`, where no token is open, with the next position.
    mutating func markRestart(at offset: Int) {
        restarts.append(Restart(offset: offset, position: count))
    }

    @inline(__always)
    private mutating func record(_ bits: UInt64, start: Int32, end: Int32, colocated: Bool) {
        if !colocated || count == 0 {
            count += 1
            lastStart = start
            if keepsOffsets { tokens.append(TokenOffsets(start: start, end: end)) }
        }
        guard bits != 0 else { return }
        let position = count - 1
        let slot = position & ringMask
        if recent[slot].position != position { recent[slot] = Recent(position: position, bits: 0, start: lastStart) }
        recent[slot].bits |= bits
        // A phrase can newly end here only where this token matched its last token; one that ended here on a
        // colocated token before is the same instance (``instances`` keeps each once).
        for phrase in matcher.lastBits.indices where bits & matcher.lastBits[phrase] != 0 && endsHere(phrase, at: position) {
            let count = matcher.tokenCounts[phrase]
            matches.append(SnippetMatch(phrase: phrase, position: position - count + 1, length: count))
            matchStarts.append(recent[(position - count + 1) & ringMask].start)
        }
    }

    /// Whether `phrase` has its last token at `position` and its others at the positions before.
    private func endsHere(_ phrase: Int, at position: Int) -> Bool {
        let count = matcher.tokenCounts[phrase]
        guard count > 0, position >= count - 1 else { return false }
        let first = matcher.firstBits[phrase]
        for index in 0..<count {
            let bit = UInt64(1) << UInt64(first + index)
            let entry = recent[(position - count + 1 + index) & ringMask]
            if entry.position != position - count + 1 + index || entry.bits & bit == 0 { return false }
        }
        return true
    }

    /// Where the token at the first of ``instances`` starts (`nil` when there is none).
    var firstInstanceStart: Int? {
        var best: Int?
        for index in matches.indices {
            if let chosen = best, (matches[chosen].position, matches[chosen].phrase) <= (matches[index].position, matches[index].phrase) {
                continue
            }
            best = index
        }
        return best.map { Int(matchStarts[$0]) }
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
