/// One piece of an HTML document as `HTMLTokenizer` reads it.
enum HTMLToken: Equatable {
    /// Character data as written (character references not yet decoded).
    case text(Substring)
    /// The inside of a `<![CDATA[…]]>` section: literal text.
    case cdata(Substring)
    /// A start tag: its lowercased name, its attributes (names lowercased, values decoded, first of a name
    /// kept) and whether it ends in `/>`.
    case startTag(name: String, attributes: [String: String], selfClosing: Bool)
    /// An end tag, by lowercased name.
    case endTag(name: String)
}

/// Splits HTML into text and tags as HTML5's tokenizer does, for what a text reader needs: a `<` that starts no
/// tag (not followed by a letter, `/`, `!` or `?`) is text; a quoted attribute value may hold `>` and the other
/// quote; comments, doctypes and processing instructions are dropped; a tag cut off by the end is dropped.
/// The content of a raw-text element (`<script>`, `<style>`, `<title>`) is read with `rawText(until:)`.
struct HTMLTokenizer {
    private let source: Substring
    private var position: Substring.Index

    /// A tokenizer at the start of `source`.
    init(_ source: String) {
        self.source = Substring(source)
        position = self.source.startIndex
    }

    /// The next text run or tag, or nil at the end.
    mutating func next() -> HTMLToken? {
        let bytes = source.utf8
        while position < bytes.endIndex {
            let start = position
            var open = position
            while open < bytes.endIndex, !(bytes[open] == UInt8(ascii: "<") && startsMarkup(after: open)) {
                open = bytes.index(after: open)
            }
            if open > start {
                position = open
                return .text(source[start..<open])
            }
            if let token = markup(at: open) { return token }
        }
        return nil
    }

    /// Everything up to the end tag `</name` (matched without regard to case), or to the end; the tokenizer is
    /// left at that end tag.
    mutating func rawText(until name: String) -> Substring {
        let bytes = source.utf8
        let start = position
        let target = Array(name.utf8)
        var index = start
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            var cursor = bytes.index(after: open)
            if cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "/") {
                cursor = bytes.index(after: cursor)
                var matched = 0
                while matched < target.count, cursor < bytes.endIndex, Self.lower(bytes[cursor]) == target[matched] {
                    matched += 1
                    cursor = bytes.index(after: cursor)
                }
                if matched == target.count, cursor == bytes.endIndex || Self.endsName(bytes[cursor]) {
                    position = open
                    return source[start..<open]
                }
            }
            index = bytes.index(after: open)
        }
        position = bytes.endIndex
        return source[start...]
    }

    /// Whether the `<` at `open` starts a tag, end tag, comment, doctype or processing instruction.
    private func startsMarkup(after open: Substring.Index) -> Bool {
        let next = source.utf8.index(after: open)
        guard next < source.utf8.endIndex else { return false }
        let byte = source.utf8[next]
        return Self.isLetter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
    }

    /// Reads the markup starting with the `<` at `open`; a tag or CDATA section gives a token, the rest nil.
    private mutating func markup(at open: Substring.Index) -> HTMLToken? {
        let bytes = source.utf8
        let rest = bytes.index(after: open)
        if bytes[rest...].starts(with: "!--".utf8) {
            let body = bytes.index(rest, offsetBy: 3)
            for empty in [">", "->"] where bytes[body...].starts(with: empty.utf8) {  // `<!-->`, `<!--->`
                position = bytes.index(body, offsetBy: empty.utf8.count)
                return nil
            }
            position = find("-->", from: body)?.upperBound ?? bytes.endIndex
            return nil
        }
        if bytes[rest...].starts(with: "![CDATA[".utf8) {
            let body = bytes.index(rest, offsetBy: 8)
            let end = find("]]>", from: body)
            position = end?.upperBound ?? bytes.endIndex
            return .cdata(source[body..<(end?.lowerBound ?? bytes.endIndex)])
        }
        if bytes[rest] == UInt8(ascii: "/") {
            let name = bytes.index(after: rest)
            if name == bytes.endIndex {
                position = name
                return .text(source[open...])
            }
            if Self.isLetter(bytes[name]) {
                position = name
                return readTag().map { .endTag(name: $0.name) }
            }
        } else if Self.isLetter(bytes[rest]) {
            position = rest
            return readTag().map { .startTag(name: $0.name, attributes: $0.attributes, selfClosing: $0.selfClosing) }
        }
        // `<!…>`, `<?…>` and `</` without a name: a bogus comment up to the next `>`.
        position = find(">", from: rest)?.upperBound ?? bytes.endIndex
        return nil
    }

    /// Where `pattern` next occurs at or after `start`.
    private func find(_ pattern: String, from start: Substring.Index) -> Range<Substring.Index>? {
        let bytes = source.utf8
        let target = Array(pattern.utf8)
        var index = start
        while let first = bytes[index...].firstIndex(of: target[0]) {
            if bytes[first...].starts(with: target) { return first..<bytes.index(first, offsetBy: target.count) }
            index = bytes.index(after: first)
        }
        return nil
    }

    /// Reads a tag's name and attributes from `position` up to and past its `>`; nil if the end comes first.
    private mutating func readTag() -> (name: String, attributes: [String: String], selfClosing: Bool)? {
        let bytes = source.utf8
        let name = scanName(stoppingAtEquals: false)
        var attributes: [String: String] = [:]
        while true {
            skipWhitespace()
            guard position < bytes.endIndex else { return nil }
            switch bytes[position] {
            case UInt8(ascii: ">"):
                position = bytes.index(after: position)
                return (name, attributes, false)
            case UInt8(ascii: "/"):
                position = bytes.index(after: position)
                if position < bytes.endIndex, bytes[position] == UInt8(ascii: ">") {
                    position = bytes.index(after: position)
                    return (name, attributes, true)
                }
            default:
                let attribute = scanName(stoppingAtEquals: true)
                skipWhitespace()
                var value = ""
                if position < bytes.endIndex, bytes[position] == UInt8(ascii: "=") {
                    position = bytes.index(after: position)
                    skipWhitespace()
                    guard let read = scanValue() else {
                        position = bytes.endIndex
                        return nil
                    }
                    value = HTMLEntities.decode(read)
                }
                if attributes[attribute] == nil { attributes[attribute] = value }
            }
        }
    }

    /// A tag or attribute name (lowercased) up to whitespace, `/`, `>` or (for an attribute, after its first
    /// character) `=`.
    private mutating func scanName(stoppingAtEquals: Bool) -> String {
        let bytes = source.utf8
        let start = position
        while position < bytes.endIndex, !Self.endsName(bytes[position]),
              !(stoppingAtEquals && bytes[position] == UInt8(ascii: "=") && position > start) {
            position = bytes.index(after: position)
        }
        return String(decoding: bytes[start..<position].map(Self.lower), as: UTF8.self)
    }

    /// An attribute value: quoted with `"` or `'` (holding anything but that quote), or unquoted up to
    /// whitespace or `>`; nil if a quoted value runs to the end.
    private mutating func scanValue() -> Substring? {
        let bytes = source.utf8
        guard position < bytes.endIndex else { return "" }
        let quote = bytes[position]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let start = bytes.index(after: position)
            guard let end = bytes[start...].firstIndex(of: quote) else { return nil }
            position = bytes.index(after: end)
            return source[start..<end]
        }
        let start = position
        while position < bytes.endIndex, !Self.isWhitespace(bytes[position]), bytes[position] != UInt8(ascii: ">") {
            position = bytes.index(after: position)
        }
        return source[start..<position]
    }

    private mutating func skipWhitespace() {
        let bytes = source.utf8
        while position < bytes.endIndex, Self.isWhitespace(bytes[position]) { position = bytes.index(after: position) }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    private static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
}
