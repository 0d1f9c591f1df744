/// The byte span of a snippet's token window and of the matches inside it, collected from one tokenizer
/// pass that stops right after the window: feed it each token with ``add(start:end:)`` until it returns
/// `false`, then call ``finish(textLength:)``.
///
/// A token that overlaps the one before it (the CJK tokenizer's bigrams: `국회`, `회의`) does not use up the
/// window, which grows by one for it (up to three times its size), so a Korean snippet holds about as many
/// words as an English one.
package struct SnippetSpan: Sendable {
    /// The token positions shown (grown by overlapping tokens once fed).
    package private(set) var window: Range<Int>
    /// The most the window may grow to: no token at this position or after is shown.
    package let widest: Int
    /// Where the token before the current one ended.
    private var previousEnd = -1
    /// The matches to mark (token positions), as given.
    private let matches: [SnippetMatch]
    /// The next token's position.
    private var position = 0
    /// Byte offsets of the tokens of the window, by position in the window.
    private var starts: [Int]
    private var ends: [Int]

    /// The bytes to show.
    package private(set) var bytes: Range<Int> = 0..<0
    /// The byte ranges of the matches inside the window.
    package private(set) var marks: [Range<Int>] = []
    /// Whether text was left out before the span.
    package private(set) var cutBefore = false
    /// Whether tokens were left out after the span.
    package private(set) var cutAfter = false

    /// A collector for `window` and the `matches` to mark in it (any order).
    package init(window: Range<Int>, matches: [SnippetMatch]) {
        self.window = window
        let widest = window.lowerBound + 3 * window.count
        self.widest = widest
        self.matches = matches.filter { $0.position < widest && $0.position + $0.length > window.lowerBound }
        starts = Array(repeating: -1, count: 3 * window.count)
        ends = Array(repeating: -1, count: 3 * window.count)
    }

    /// A span of given `bytes` and `marks` (byte ranges), cut nowhere: `notes_highlight` marks a whole column.
    package init(bytes: Range<Int>, marks: [Range<Int>]) {
        self.init(window: 0..<0, matches: [])
        self.bytes = bytes
        self.marks = marks
    }

    /// Starts the count of positions at `position`, before any token is fed: a feed that knows where the
    /// token at `position` starts (no earlier than the window) need not hand over the tokens before it.
    package mutating func skipTokens(to position: Int) {
        self.position = position
    }

    /// Records the token at the next position (colocated tokens, which share a position, are not fed);
    /// returns `false` once the window is complete and the tokenizer can stop.
    package mutating func add(start: Int, end: Int) -> Bool {
        defer { position += 1; previousEnd = end }
        if position > window.lowerBound && start < previousEnd && window.upperBound < widest {
            window = window.lowerBound..<(window.upperBound + 1)
        }
        if position >= window.upperBound {
            cutAfter = true
            return false
        }
        if position >= window.lowerBound {
            starts[position - window.lowerBound] = start
            ends[position - window.lowerBound] = end
        }
        return true
    }

    /// Resolves the byte span once the tokens are fed; `textLength` is the length of the column in bytes.
    /// A window at the start of the text keeps what precedes its first token, and one that reaches the end
    /// keeps what follows its last.
    package mutating func finish(textLength: Int) {
        let limit = min(window.count, starts.count)
        let first = starts[..<limit].firstIndex { $0 >= 0 }
        let last = starts[..<limit].lastIndex { $0 >= 0 }
        guard let first, let last else {
            bytes = 0..<textLength
            return
        }
        let lower = window.lowerBound == 0 ? 0 : starts[first]
        let upper = cutAfter ? ends[last] : textLength
        bytes = lower..<max(upper, lower)
        cutBefore = window.lowerBound > 0
        marks = matches.compactMap { match in
            let from = max(match.position, window.lowerBound) - window.lowerBound
            let to = min(match.position + match.length, window.upperBound) - 1 - window.lowerBound
            guard from <= to, from < starts.count, to < ends.count, starts[from] >= 0, ends[to] >= 0 else { return nil }
            return starts[from]..<max(ends[to], starts[from])
        }
    }
}
