/// One match of a query in a column, in token positions (as FTS5's `xInst` reports it).
package struct SnippetMatch: Sendable, Equatable {
    /// Which phrase of the query matched (0-based).
    package var phrase: Int
    /// The position of the match's first token in the column.
    package var position: Int
    /// How many tokens the match covers (the phrase's size, at least 1).
    package var length: Int

    /// Creates a match.
    package init(phrase: Int, position: Int, length: Int) {
        self.phrase = phrase
        self.position = position
        self.length = max(length, 1)
    }
}

/// The snippet algorithm, in time linear in the matches considered and the text before the window, whatever
/// the note's size: choose the window of `size` tokens holding the most distinct phrases (then the most
/// matches, then the earliest), find its byte span with one tokenizer pass that stops at its end
/// (``SnippetSpan``), and copy that span with the matches marked (``render(_:span:open:close:ellipsis:)``).
///
/// FTS5's own `snippet()` scores every candidate window against every match (quadratic in the matches of a
/// note), which let one note repeating a word stall every search; this replaces it (`notes_snippet`) and is
/// meant for any other code that makes snippets from token positions.
package enum SnippetWindow {
    /// The most matches per column a snippet considers (the first ones): the cap on the work for one note.
    package static let matchLimit = 1_000

    /// The token window `first..<first + size` to show for `matches` (sorted by position): at most
    /// `min(2, size / 4)` tokens of context before a match that starts it; `0..<size` when there is none.
    package static func choose(_ matches: [SnippetMatch], size: Int) -> Range<Int> {
        let size = max(size, 1)
        var highestPhrase = -1
        for match in matches where match.phrase > highestPhrase { highestPhrase = match.phrase }
        guard highestPhrase >= 0 else { return 0..<size }
        let context = min(2, size / 4)
        var phraseCounts = [Int](repeating: 0, count: highestPhrase + 1)
        var distinct = 0
        var (low, high) = (0, 0)
        var best = (score: -1, start: 0)
        for match in matches {
            let start = max(0, match.position - context)
            while low < high && matches[low].position < start {
                phraseCounts[matches[low].phrase] -= 1
                if phraseCounts[matches[low].phrase] == 0 { distinct -= 1 }
                low += 1
            }
            while high < matches.count && matches[high].position < start + size {
                // Positions only grow, so every match added here is at or after `start`.
                if phraseCounts[matches[high].phrase] == 0 { distinct += 1 }
                phraseCounts[matches[high].phrase] += 1
                high += 1
            }
            let score = distinct * 10_000 + (high - low)
            if score > best.score { best = (score, start) }
        }
        return best.start..<(best.start + size)
    }

    /// The bytes of `span` (from ``SnippetSpan``) cut from `text`, each marked range wrapped in `open` and
    /// `close` (overlapping or touching ranges merged first), with `ellipsis` on each side where text was cut.
    package static func render(_ text: UnsafeRawBufferPointer, span: SnippetSpan, open: [UInt8], close: [UInt8],
                              ellipsis: [UInt8]) -> [UInt8] {
        let (lower, cutBefore) = wordStart(text, before: min(max(span.bytes.lowerBound, 0), text.count),
                                           cut: span.cutBefore)
        let upper = min(max(span.bytes.upperBound, lower), text.count)
        var marks = span.marks.map { max($0.lowerBound, lower)..<min($0.upperBound, upper) }.filter { !$0.isEmpty }
        marks.sort { $0.lowerBound < $1.lowerBound }
        var output: [UInt8] = []
        output.reserveCapacity(upper - lower + marks.count * (open.count + close.count) + 2 * ellipsis.count)
        if cutBefore { output += ellipsis }
        var cursor = lower
        var index = 0
        while index < marks.count {
            var mark = marks[index]
            index += 1
            while index < marks.count && marks[index].lowerBound <= mark.upperBound {
                mark = mark.lowerBound..<max(mark.upperBound, marks[index].upperBound)
                index += 1
            }
            guard mark.lowerBound >= cursor else { continue }
            output += text[cursor..<mark.lowerBound]
            output += open
            output += text[mark]
            output += close
            cursor = mark.upperBound
        }
        output += text[cursor..<upper]
        if span.cutAfter { output += ellipsis }
        return output
    }

    /// `offset` moved back to the start of its whitespace-delimited word (a window may start inside one: a
    /// CJK bigram, or after punctuation), at most 32 bytes; and whether text is still cut before it.
    static func wordStart(_ text: UnsafeRawBufferPointer, before offset: Int, cut: Bool) -> (Int, Bool) {
        guard cut else { return (offset, false) }
        var start = offset
        while start > 0 && offset - start < 32 {
            let byte = text[start - 1]
            if byte == 0x20 || (0x09...0x0D).contains(byte) { return (start, true) }
            start -= 1
        }
        return start == 0 ? (0, false) : (offset, true)
    }
}
