/// A short excerpt of a note with the matched words marked, independent of how it will be shown.
///
/// `text` is plain (whitespace runs folded to one space); `highlights` are the `[start, end)` offsets of each
/// match in `text`, counted in Unicode scalars (code points, as Python and most JSON consumers count).
public struct Snippet: Sendable, Equatable {
    /// The plain excerpt.
    public var text: String
    /// Half-open ranges of `text`, in Unicode scalar offsets, that matched the query.
    public var highlights: [Range<Int>]

    /// Creates a snippet from its parts.
    public init(text: String, highlights: [Range<Int>] = []) {
        self.text = text
        self.highlights = highlights
    }

    /// The marker FTS5 puts before a match (STX); ingestion strips it from note text.
    static let openMarker: Unicode.Scalar = "\u{02}"
    /// The marker FTS5 puts after a match (ETX).
    static let closeMarker: Unicode.Scalar = "\u{03}"

    /// Reads FTS5 `snippet()` output that uses ``openMarker`` and ``closeMarker``.
    init(marked: String) {
        var scalars = String.UnicodeScalarView()
        var highlights: [Range<Int>] = []
        var count = 0
        var openedAt: Int?
        var pendingSpace = false
        for scalar in marked.unicodeScalars {
            if scalar == Self.openMarker {
                if pendingSpace && count > 0 { scalars.append(" "); count += 1 }
                pendingSpace = false
                openedAt = count
            } else if scalar == Self.closeMarker {
                if let start = openedAt, count > start { highlights.append(start..<count) }
                openedAt = nil
            } else if scalar.properties.isWhitespace {
                pendingSpace = true
            } else {
                if pendingSpace && count > 0 { scalars.append(" "); count += 1 }
                pendingSpace = false
                scalars.append(scalar)
                count += 1
            }
        }
        self.text = String(scalars)
        // Adjacent matches ("next week" as two tokens) read better as one mark.
        var merged: [Range<Int>] = []
        let textScalars = Array(self.text.unicodeScalars)
        for range in highlights {
            if let last = merged.last, last.upperBound <= range.lowerBound,
               textScalars[last.upperBound..<range.lowerBound].allSatisfy({ $0 == " " }),
               range.lowerBound - last.upperBound <= 1 {
                merged[merged.count - 1] = last.lowerBound..<range.upperBound
            } else {
                merged.append(range)
            }
        }
        self.highlights = merged
    }

    /// The text with each match wrapped in `open` and `close` (e.g. `<mark>`/`</mark>` or ANSI codes), each
    /// piece of the text passed through `escape` first (for a terminal: control characters made visible).
    public func marked(open: String, close: String, escape: (String) -> String = { $0 }) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        var position = 0
        for range in highlights where range.lowerBound >= position && range.upperBound <= scalars.count {
            result += escape(String(String.UnicodeScalarView(scalars[position..<range.lowerBound])))
            result += open
            result += escape(String(String.UnicodeScalarView(scalars[range])))
            result += close
            position = range.upperBound
        }
        result += escape(String(String.UnicodeScalarView(scalars[position...])))
        return result
    }
}
