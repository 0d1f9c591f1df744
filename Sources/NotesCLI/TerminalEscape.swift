/// Shows control characters from notes and file names as visible escapes, as `ls -b` does, so that no note
/// or file name can move the cursor, clear the screen or retitle the terminal: C0 controls but tab
/// (`\n`, `\r`, `\a`, `\b`, `\f`, `\v` by name, the others as `\033`-style octal bytes), DEL (`\177`) and the
/// C1 controls U+0080...U+009F (their UTF-8 bytes in octal, `\302\233`), and so are the Unicode bidirectional
/// controls U+200E, U+200F, U+061C, U+202A...U+202E and U+2066...U+2069 (`\342\200\256` for U+202E), which
/// would reorder what the terminal shows ("Trojan Source"). A backslash itself is shown as
/// `\\` (as `ls -b` does), so the shown text is unambiguous: a name holding the four characters `\033` is
/// shown `\\033`, never the same as one holding ESC.
///
/// ```swift
/// TerminalEscape.escaped("notes/\u{1B}[2J.md")  // notes/\033[2J.md
/// TerminalEscape.escaped(#"c1\302\233x"#)     // c1\\302\\233x
/// ```
public enum TerminalEscape {
    /// Whether `scalar` is a control character shown escaped (a backslash is escaped too, but is not one).
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value) || isBidirectionalControl(value)
    }

    /// Whether `value` is a Unicode bidirectional control: the marks LRM, RLM and ALM, the embeddings and
    /// overrides U+202A...U+202E, and the isolates U+2066...U+2069.
    static func isBidirectionalControl(_ value: UInt32) -> Bool {
        value == 0x200E || value == 0x200F || value == 0x061C || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    /// `text` with every control character ``isEscaped(_:)`` names replaced by its escape, and every backslash
    /// doubled.
    public static func escaped(_ text: String) -> String {
        let needsEscape = { (scalar: Unicode.Scalar) in scalar == "\\" || isEscaped(scalar) }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { result.append(scalar); continue }
            result.append(contentsOf: escape(scalar).unicodeScalars)
        }
        return String(result)
    }

    /// The escape of one control character.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\u{07}": return "\\a"
        case "\u{08}": return "\\b"
        case "\u{0C}": return "\\f"
        case "\u{0B}": return "\\v"
        default:
            return String(scalar).utf8.map { byte in
                let octal = String(byte, radix: 8)
                return "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }.joined()
        }
    }
}
