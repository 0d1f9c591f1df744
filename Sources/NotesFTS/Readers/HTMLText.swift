/// The readable text of an HTML document or fragment: markup removed, scripts, styles and templates dropped,
/// entities decoded, block elements on their own lines; its title (the first `<title>` outside `<svg>` and
/// `<math>`, else the first heading); and its `<meta name="keywords">`.
struct HTMLText {
    /// The text, lines separated by `\n`, no blank-line runs.
    private(set) var text = ""
    /// The document's `<title>` text, if any and not blank (an `<svg>`'s or `<math>`'s `<title>` is not it).
    private(set) var title: String?
    /// The first `<h1>`…`<h6>` text.
    private(set) var firstHeading: String?
    /// The `content` of the first `<meta name="keywords">`, decoded.
    private(set) var keywords: String?

    /// Elements that start and end a line.
    static let blockElements: Set<String> = [
        "p", "div", "br", "li", "ul", "ol", "tr", "table", "section", "article", "header", "footer", "blockquote",
        "pre", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "title", "dt", "dd", "en-todo", "body", "figure", "details",
    ]
    /// HTML elements whose content is raw text that is not shown.
    private static let hiddenRawText: Set<String> = ["script", "style", "iframe", "noembed", "noframes"]

    /// Converts `html`.
    init(_ html: String) {
        var tokens = HTMLTokenizer(html)
        var output = HTMLTextBuilder()
        var foreignDepth = 0  // how many `<svg>`/`<math>` elements are open
        var skipping: (element: String, depth: Int)?  // inside a `<template>` (or a script or style in `<svg>`)
        var heading: (element: String, text: String)?
        while let token = tokens.next() {
            switch token {
            case .text(let raw), .cdata(let raw):
                guard skipping == nil else { continue }
                if case .cdata = token { output.append(literal: raw) } else { output.append(text: raw) }
                heading?.text += raw
            case .startTag(let name, let attributes, let selfClosing):
                if foreignDepth == 0, name == "title" || name == "textarea" || Self.hiddenRawText.contains(name) {
                    let content = tokens.rawText(until: name)
                    guard skipping == nil else { continue }
                    if name == "title" { title = title ?? Self.clean(Self.decode(content)) }
                    if name == "textarea" { output.append(text: content) }
                    continue
                }
                if let skipped = skipping {
                    if name == skipped.element && !selfClosing { skipping?.depth += 1 }
                    continue
                }
                if foreignDepth == 0 ? name == "template" : (name == "script" || name == "style") && !selfClosing {
                    skipping = (name, 1)
                    continue
                }
                if (name == "svg" || name == "math") && !selfClosing { foreignDepth += 1 }
                if foreignDepth == 0, name == "meta", keywords == nil, attributes["name"]?.lowercased() == "keywords" {
                    keywords = attributes["content"] ?? ""
                }
                if Self.isHeading(name) { heading = (name, "") } else if name == "br" || name == "hr" { heading?.text += " " }
                output.open(name)
            case .endTag(let name):
                if let skipped = skipping {
                    if name == skipped.element { skipping = skipped.depth > 1 ? (name, skipped.depth - 1) : nil }
                    continue
                }
                if (name == "svg" || name == "math") && foreignDepth > 0 { foreignDepth -= 1 }
                if let captured = heading, captured.element == name {
                    firstHeading = firstHeading ?? Self.clean(Self.decode(Substring(captured.text)))
                    heading = nil
                }
                output.close(name)
            }
        }
        text = output.finish()
    }

    private static func isHeading(_ name: String) -> Bool {
        name.count == 2 && name.hasPrefix("h") && name.last.map { ("1"..."6").contains($0) } == true
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
    private var preformatted = false
    private var lines: [String] = []
    private var line = ""

    /// Adds the elements's line breaks, spacing and preformatting for a start tag.
    mutating func open(_ name: String) {
        if HTMLText.blockElements.contains(name) { breakLine() }
        if name == "pre" { preformatted = true }
        if name == "td" || name == "th" { append(literal: " ") }
    }

    /// Adds the line breaks and spacing for an end tag.
    mutating func close(_ name: String) {
        if HTMLText.blockElements.contains(name) { breakLine() }
        if name == "pre" { preformatted = false }
        if name == "td" || name == "th" { append(literal: " ") }
    }

    /// Adds character data, decoding its character references.
    mutating func append(text raw: Substring) {
        append(literal: Substring(HTMLText.decode(raw)))
    }

    /// Adds text as it is.
    mutating func append(literal text: Substring) {
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
