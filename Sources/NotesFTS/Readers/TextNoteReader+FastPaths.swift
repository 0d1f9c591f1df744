extension TextNoteReader {
    /// Calls `body` with each line of `text` (empty ones included, without their ending), stopping when it
    /// returns `false`. A line ends at LF, CRLF or a lone CR. Scans bytes (never Characters, where `"\r\n"` is
    /// one Character that `"\n"` does not match), so it allocates nothing.
    static func forEachLine(_ text: some StringProtocol, _ body: (Substring) -> Bool) {
        let whole = Substring(text)
        let bytes = whole.utf8
        var start = bytes.startIndex
        while true {
            let (end, next) = lineEnd(bytes, from: start)
            if !body(whole[start..<end]) || next == nil { return }
            start = next!
        }
    }

    /// Where the line starting at `start` ends, and where the next one starts (`nil` after the last line).
    static func lineEnd(_ bytes: Substring.UTF8View, from start: Substring.UTF8View.Index)
        -> (end: Substring.UTF8View.Index, next: Substring.UTF8View.Index?) {
        guard let end = bytes[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else {
            return (bytes.endIndex, nil)
        }
        var next = bytes.index(after: end)
        if bytes[end] == 0x0D && next < bytes.endIndex && bytes[next] == 0x0A { next = bytes.index(after: next) }
        return (end, next)
    }

    /// Whether `text` holds a carriage return (then the Character-based paths keep their exact behaviour).
    static func hasCarriageReturn(_ text: String) -> Bool {
        ByteSearch.contains(text, byte: UInt8(ascii: "\r"))
    }

    /// Whether the bytes of `line` include `byte`.
    static func contains(_ line: Substring, byte: UInt8) -> Bool {
        ByteSearch.contains(line, byte: byte)
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
