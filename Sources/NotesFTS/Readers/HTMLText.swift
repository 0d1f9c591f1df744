/// The readable text of an HTML document or fragment: markup removed, scripts and styles dropped, entities
/// decoded, block elements on their own lines; and its title (`<title>`, else the first heading).
struct HTMLText {
    /// The text, lines separated by `\n`, no blank-line runs.
    private(set) var text = ""
    /// The `<title>` element's text, if any and not blank.
    private(set) var title: String?
    /// The first `<h1>`…`<h6>` text.
    private(set) var firstHeading: String?

    private static let blockElements: Set<String> = [
        "p", "div", "br", "li", "ul", "ol", "tr", "table", "section", "article", "header", "footer", "blockquote",
        "pre", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "title", "dt", "dd", "en-todo", "body", "figure", "details",
    ]
    private static let skippedElements: Set<String> = ["script", "style", "template", "head"]

    /// Converts `html`.
    init(_ html: String) {
        var output = HTMLTextBuilder()
        var rest = Substring(html)
        var skipping: String?
        var capture: (element: String, text: String)?
        while let open = rest.firstIndex(of: "<") {
            let textPart = rest[..<open]
            if skipping == nil { output.append(text: textPart); capture?.text += textPart }
            rest = rest[rest.index(after: open)...]
            if rest.hasPrefix("!--") {
                rest = rest.range(of: "-->").map { rest[$0.upperBound...] } ?? ""
                continue
            }
            guard let close = rest.firstIndex(of: ">") else { rest = ""; break }
            let tag = Self.tagName(rest[..<close])
            rest = rest[rest.index(after: close)...]
            if let skipped = skipping {
                if tag.closing && tag.name == skipped { skipping = nil }
                // `<title>` lives inside `<head>`: read it even while skipping the rest of the head.
                if skipped == "head" && tag.name == "title" && !tag.closing, let end = rest.range(of: "</title", options: .caseInsensitive) {
                    title = Self.clean(Self.decode(rest[..<end.lowerBound]))
                    rest = rest[end.lowerBound...]
                }
                continue
            }
            if Self.skippedElements.contains(tag.name) && !tag.closing && !tag.selfClosing { skipping = tag.name; continue }
            if tag.name == "title" || (tag.name.count == 2 && tag.name.hasPrefix("h") && tag.name.last!.isNumber) {
                if !tag.closing { capture = (tag.name, "") } else if let captured = capture, captured.element == tag.name {
                    let cleaned = Self.clean(Self.decode(Substring(captured.text)))
                    if tag.name == "title" { title = title ?? cleaned } else { firstHeading = firstHeading ?? cleaned }
                    capture = nil
                }
            }
            if Self.blockElements.contains(tag.name) { output.breakLine() }
            if tag.name == "pre" { output.preformatted = !tag.closing }
            if tag.name == "td" || tag.name == "th" { output.append(text: " ") }
        }
        if skipping == nil { output.append(text: rest) }
        text = output.finish()
    }

    /// The lowercased element name of the inside of a tag (`/p`, `div class="x"`, `br/`).
    private static func tagName(_ inside: Substring) -> (name: String, closing: Bool, selfClosing: Bool) {
        let closing = inside.hasPrefix("/")
        let name = inside.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" })
        return (name.lowercased(), closing, inside.hasSuffix("/"))
    }

    private static func clean(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.isEmpty ? nil : words
    }

    /// `text` with character references (`&amp;`, `&ntilde;`, `&#233;`, `&#x1F600;`) decoded.
    static func decode(_ text: Substring) -> String {
        HTMLEntities.decode(text)
    }
}

/// Collects text runs into lines: whitespace collapsed (except inside `<pre>`), one line per block.
private struct HTMLTextBuilder {
    var preformatted = false
    private var lines: [String] = []
    private var line = ""

    mutating func append(text raw: Substring) {
        let text = HTMLText.decode(raw)
        if preformatted {
            for (index, part) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { breakLine() }
                line += part
            }
            return
        }
        for character in text {
            if character.isWhitespace {
                if !line.isEmpty && line.last != " " { line.append(" ") }
            } else {
                line.append(character)
            }
        }
    }

    mutating func breakLine() {
        let trimmed = preformatted ? line : line.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty || (preformatted && !lines.isEmpty) { lines.append(trimmed) }
        line = ""
    }

    mutating func finish() -> String {
        breakLine()
        return lines.joined(separator: "\n")
    }
}

import Foundation
