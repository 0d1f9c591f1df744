extension TextNoteReader {
    /// Calls `body` with each `\n`-separated line of `text` (empty ones included), stopping when it returns
    /// `false`. Scans bytes, so it costs a fraction of `split(separator:)` over Characters and allocates
    /// nothing; the lines are the same as that split's for any text without `\r\n` (callers check).
    static func forEachLine(_ text: String, _ body: (Substring) -> Bool) {
        let bytes = text.utf8
        var start = bytes.startIndex
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            if !body(text[start..<end]) || end == bytes.endIndex { return }
            start = bytes.index(after: end)
        }
    }

    /// Whether `text` holds a carriage return (then the Character-based paths keep their exact behaviour).
    static func hasCarriageReturn(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "\r"))
    }

    /// Whether the bytes of `line` include `byte`.
    static func contains(_ line: Substring, byte: UInt8) -> Bool {
        line.utf8.contains(byte)
    }

    /// Whether `line`, after leading spaces, opens or closes a code fence (```` ``` ```` or `~~~`).
    static func isFence(_ line: Substring) -> Bool {
        let bytes = line.utf8.drop(while: { $0 == UInt8(ascii: " ") })
        guard bytes.starts(with: "```".utf8) || bytes.starts(with: "~~~".utf8) else { return false }
        // Confirm with Characters (a combining mark after the fence makes it something else).
        let indented = line.drop(while: { $0 == " " })
        return indented.hasPrefix("```") || indented.hasPrefix("~~~")
    }
}
