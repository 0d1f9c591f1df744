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
    /// Every search result goes through it, so it reads the UTF-8 bytes, ASCII ones directly, and looks a
    /// scalar up in Unicode's property tables only beyond ASCII, copying its bytes as they are.
    init(marked: String) {
        var source = marked
        let (bytes, highlights, spaces) = source.withUTF8 { Self.read($0) }
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

    /// The folded text's bytes, the marks, and the scalar offsets of the spaces written (the only spaces in
    /// the text, since all whitespace folds) of the marked UTF-8 `input`.
    private static func read(_ input: UnsafeBufferPointer<UInt8>) -> ([UInt8], [Range<Int>], [Int]) {
        var highlights: [Range<Int>] = []
        var spaces: [Int] = []
        // The folded text is never longer than the input: its bytes are written in place, one at a time (an
        // append a word cost more than the word's bytes).
        let bytes = [UInt8](unsafeUninitializedCapacity: input.count) { output, written in
            var length = 0
            var count = 0
            var openedAt: Int?
            var pendingSpace = false
            var index = 0
            while index < input.count {
                let byte = input[index]
                var width = 1
                if byte < 0x80 {
                    switch byte {
                    case 0x03:
                        if let start = openedAt, count > start { highlights.append(start..<count) }
                        openedAt = nil
                        index += 1
                        continue
                    case 0x20, 0x09...0x0D:
                        pendingSpace = true
                        index += 1
                        continue
                    default: break
                    }
                } else {
                    // A String holds valid UTF-8: the lead byte gives the scalar's length.
                    width = min(byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2, input.count - index)
                    var value = UInt32(byte) & (width == 4 ? 0x07 : width == 3 ? 0x0F : 0x1F)
                    for offset in 1..<max(width, 1) { value = value << 6 | UInt32(input[index + offset] & 0x3F) }
                    if let scalar = Unicode.Scalar(value), isWhitespace(scalar) {
                        pendingSpace = true
                        index += width
                        continue
                    }
                }
                if pendingSpace && count > 0 {
                    spaces.append(count)
                    output[length] = 0x20
                    length += 1
                    count += 1
                }
                pendingSpace = false
                if byte == 0x02 {
                    openedAt = count
                    index += 1
                    continue
                }
                if byte < 0x80 {
                    // A run of ASCII bytes that are neither marks nor whitespace is one scalar a byte.
                    while index < input.count, isPlainASCII(input[index]) {
                        output[length] = input[index]
                        length += 1
                        count += 1
                        index += 1
                    }
                    continue
                }
                for offset in 0..<width { output[length + offset] = input[index + offset] }
                length += width
                count += 1
                index += width
            }
            written = length
        }
        return (bytes, highlights, spaces)
    }

    /// Whether `byte` is ASCII and neither a marker nor whitespace: one scalar of the text as it is.
    @inline(__always)
    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x02 && byte != 0x03 && byte != 0x20 && !(0x09...0x0D).contains(byte)
    }

    /// Unicode's `White_Space`, with the ASCII ones (tab to carriage return, space) tested directly.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
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
