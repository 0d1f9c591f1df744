/// The YAML scalar forms front matter writes on one line: plain (`Budget 2024 # a comment`), double-quoted
/// with escapes (`"He said \"hi\""`), single-quoted (`'it''s'`), and flow sequences of them
/// (`["travel, japan", food]`). A `#` starts a comment only at the start or after white space, outside quotes,
/// as in YAML. Not a YAML parser: mappings, anchors and tags are read as plain text.
enum YAMLScalar {
    /// The value of `text` (what follows `key:` or `- `): quotes resolved, a trailing comment dropped; `nil`
    /// when it is empty or null (`~`, `null`). A quote left open is read as plain text.
    static func value(_ text: Substring) -> String? {
        let trimmed = trim(text)
        if let quote = trimmed.first, quote == "\"" || quote == "'", let (value, _) = quoted(trimmed) {
            return value
        }
        let plain = trim(withoutComment(trimmed))
        return plain.isEmpty || ["~", "null", "Null", "NULL"].contains(plain) ? nil : String(plain)
    }

    /// The items of the flow sequence `text` (`[a, "b, c"]`; nested sequences are flattened), and whether its
    /// `]` was found (else it may go on on the next line). Line breaks in `text` count as spaces.
    static func flowSequence(_ text: Substring) -> (items: [String], closed: Bool) {
        var items: [String] = []
        var rest = text
        var depth = 0
        while true {
            let afterSpace = rest.startIndex > text.startIndex && text[text.index(before: rest.startIndex)].isWhitespace
            rest = skippingSpaceAndComments(rest, afterSpace: afterSpace)
            guard let next = rest.first else { return (items, false) }
            switch next {
            case "[": depth += 1; rest = rest.dropFirst()
            case "]":
                depth -= 1
                rest = rest.dropFirst()
                if depth <= 0 { return (items, true) }
            case ",": rest = rest.dropFirst()
            case "\"", "'":
                guard let (item, after) = quoted(rest) else { return (items, false) }
                items.append(item)
                rest = after
            default:
                let end = plainEnd(rest)
                let item = trim(rest[..<end])
                if !item.isEmpty { items.append(String(item)) }
                rest = rest[end...]
            }
        }
    }

    /// `text` up to a comment (a `#` at the start or after white space); quotes are not looked at, as in a
    /// plain scalar.
    static func withoutComment(_ text: Substring) -> Substring {
        var previous: Character = " "
        for index in text.indices {
            if text[index] == "#", previous.isWhitespace { return text[..<index] }
            previous = text[index]
        }
        return text
    }

    /// `text` without leading and trailing spaces, tabs and line breaks.
    static func trim(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return text[text.endIndex...] }
        return text[first...last]
    }

    /// The quoted scalar at the start of `text` (which starts with `"` or `'`) and what follows its closing
    /// quote, or `nil` when it is not closed.
    static func quoted(_ text: Substring) -> (String, rest: Substring)? {
        guard let quote = text.first else { return nil }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == quote {
                // Single-quoted: '' is one '.
                if quote == "'", next < text.endIndex, text[next] == "'" {
                    result.append("'")
                    index = text.index(after: next)
                    continue
                }
                return (result, text[next...])
            }
            if quote == "\"", character == "\\", next < text.endIndex {
                let (unescaped, after) = escape(text, at: next)
                result += unescaped
                index = after
                continue
            }
            result.append(character)
            index = next
        }
        return nil
    }

    /// The one-letter escapes of a double-quoted scalar (built once, not at every escape).
    private static let simpleEscapes: [Character: String] = [
        "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}",
        "f": "\u{0C}", "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\",
        "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}",
    ]

    /// The escape of a double-quoted scalar whose letter is at `index` (after the `\`), and where the text
    /// after it starts. An unknown escape is kept as written.
    private static func escape(_ text: Substring, at index: Substring.Index) -> (String, Substring.Index) {
        let letter = text[index]
        let after = text.index(after: index)
        let simple = Self.simpleEscapes
        if let value = simple[letter] { return (value, after) }
        let width = letter == "x" ? 2 : letter == "u" ? 4 : letter == "U" ? 8 : 0
        if width > 0, let end = text.index(after, offsetBy: width, limitedBy: text.endIndex),
           text[after..<end].allSatisfy(\.isHexDigit), // `UInt32(_:radix:)` also takes a sign (`\x+4`)
           let code = UInt32(text[after..<end], radix: 16), let scalar = Unicode.Scalar(code) {
            return (String(Character(scalar)), end)
        }
        return ("\\" + String(letter), after)
    }

    /// Where a plain item of a flow sequence ends: at `,`, `[`, `]`, or a comment.
    private static func plainEnd(_ text: Substring) -> Substring.Index {
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            if ",[]".contains(character) || (character == "#" && previous.isWhitespace) { return index }
            previous = character
        }
        return text.endIndex
    }

    /// `text` without leading white space and comments (a comment runs to the end of its line); `afterSpace`
    /// says whether the character before `text` counts as white space.
    private static func skippingSpaceAndComments(_ text: Substring, afterSpace: Bool) -> Substring {
        var rest = text
        var spaced = afterSpace
        while let first = rest.first {
            if first.isWhitespace {
                rest = rest.dropFirst()
                spaced = true
            } else if first == "#", spaced {
                rest = rest.drop(while: { !$0.isNewline })
            } else {
                break
            }
        }
        return rest
    }
}
