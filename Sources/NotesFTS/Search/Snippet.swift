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

    /// Reads FTS5 `snippet()` output that uses ``openMarker`` and ``closeMarker``: whitespace runs fold to one
    /// space (none at the start), and adjacent matches (`next week` as two tokens) become one mark.
    ///
    /// Every search result goes through it, so it builds the text as UTF-8 bytes and tests ASCII whitespace
    /// without Unicode's property tables.
    init(marked: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(marked.utf8.count)
        var highlights: [Range<Int>] = []
        // Scalar offsets of the spaces written: the only spaces in the text, since all whitespace folds.
        var spaces: [Int] = []
        var count = 0
        var openedAt: Int?
        var pendingSpace = false
        func writePendingSpace() {
            if pendingSpace && count > 0 {
                spaces.append(count)
                bytes.append(0x20)
                count += 1
            }
            pendingSpace = false
        }
        for scalar in marked.unicodeScalars {
            if scalar == Self.openMarker {
                writePendingSpace()
                openedAt = count
            } else if scalar == Self.closeMarker {
                if let start = openedAt, count > start { highlights.append(start..<count) }
                openedAt = nil
            } else if Self.isWhitespace(scalar) {
                pendingSpace = true
            } else {
                writePendingSpace()
                Self.appendUTF8(scalar, to: &bytes)
                count += 1
            }
        }
        self.text = String(decoding: bytes, as: UTF8.self)
        // Adjacent matches read better as one mark: touching, or one space apart.
        var merged: [Range<Int>] = []
        for range in highlights {
            if let last = merged.last, last.upperBound <= range.lowerBound,
               range.lowerBound == last.upperBound
                || (range.lowerBound == last.upperBound + 1 && Self.contains(spaces, last.upperBound)) {
                merged[merged.count - 1] = last.lowerBound..<range.upperBound
            } else {
                merged.append(range)
            }
        }
        self.highlights = merged
    }

    /// Unicode's `White_Space`, with the ASCII ones (tab to carriage return, space) tested directly.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// Appends `scalar` encoded as UTF-8.
    private static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case ..<0x80: bytes.append(UInt8(value))
        case ..<0x800: bytes += [UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
        case ..<0x10000:
            bytes += [UInt8(0xE0 | value >> 12), UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F)]
        default:
            bytes += [UInt8(0xF0 | value >> 18), UInt8(0x80 | value >> 12 & 0x3F), UInt8(0x80 | value >> 6 & 0x3F),
                      UInt8(0x80 | value & 0x3F)]
        }
    }

    /// Whether the ascending `offsets` hold `offset` (binary search).
    private static func contains(_ offsets: [Int], _ offset: Int) -> Bool {
        var (low, high) = (0, offsets.count)
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low < offsets.count && offsets[low] == offset
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
