/// A YAML block scalar as front matter writes it: `title: >` (folded: lines joined by spaces) or `|` (literal:
/// line breaks kept), with an optional chomping indicator (`-` strips the final line break, `+` keeps the
/// trailing empty lines) and indentation digit, then its indented lines.
struct YAMLBlockScalar {
    /// Whether the lines are folded (`>`) rather than kept (`|`).
    var folded: Bool
    /// `-` (strip), `+` (keep) or `nil` (clip: one final line break).
    var chomping: Character?
    /// The indentation the header states (`|2`), else that of the first non-empty line.
    var indentation: Int?
    /// The lines read so far, as written.
    var lines: [Substring] = []

    /// The scalar that the header `header` (`>`, `|-`, `>+2 # comment`) opens.
    init(header: Substring) {
        folded = header.first == ">"
        for character in YAMLScalar.withoutComment(header.dropFirst()) {
            if character == "-" || character == "+" { chomping = character }
            if let digit = character.wholeNumberValue, digit > 0 { indentation = digit }
        }
    }

    /// The scalar's value.
    var value: String {
        let indent = indentation ?? lines.first(where: { !YAMLScalar.trim($0).isEmpty })
            .map { $0.prefix(while: { $0 == " " }).count } ?? 0
        var result = ""
        var breaks = 0 // empty lines since the last text line
        var started = false
        var lastMoreIndented = false
        for line in lines {
            if YAMLScalar.trim(line).isEmpty { breaks += 1; continue }
            let text = line.dropFirst(min(indent, line.prefix(while: { $0 == " " }).count))
            let moreIndented = text.first == " " || text.first == "\t"
            if !started {
                result += String(repeating: "\n", count: breaks)
            } else if !folded || moreIndented || lastMoreIndented {
                result += String(repeating: "\n", count: breaks + 1)
            } else {
                result += breaks == 0 ? " " : String(repeating: "\n", count: breaks)
            }
            result += text
            started = true
            breaks = 0
            lastMoreIndented = moreIndented
        }
        guard started else { return chomping == "+" ? String(repeating: "\n", count: breaks) : "" }
        switch chomping {
        case "-": return result
        case "+": return result + String(repeating: "\n", count: breaks + 1)
        default: return result + "\n"
        }
    }
}
