import Foundation

/// Reads a reStructuredText file (`.rst`, `.rest`) as one note: the title is the first section title (a line
/// underlined, or over- and underlined, with one repeated punctuation character), else the first line that is
/// not a field, directive or comment (``firstParagraphLine(_:)``); the bibliographic fields at the top
/// (`:tags:`, `:date:`, `:modified:`, as Pelican and Sphinx blogs write them) give tags and dates.
enum RestructuredTextReader {
    /// The note of `text` read from `path`.
    static func note(text: String, path: String) -> Note {
        var lines: [Substring] = []
        TextNoteReader.forEachLine(text) { lines.append($0); return lines.count < 400 }
        var fields: [String: String] = [:]
        for line in lines.prefix(60) where line.hasPrefix(":") {
            let parts = line.dropFirst().split(separator: ":", maxSplits: 1)
            if parts.count == 2, !parts[0].contains(" ") || parts[0].count < 20 {
                fields[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        let tags = (fields["tags"] ?? fields["keywords"] ?? fields["category"])
            .map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        return Note(path: path, line: 1,
                    title: sectionTitle(lines).map(TextNoteReader.cap)
                        ?? firstParagraphLine(lines).flatMap { TextNoteReader.firstLine(String($0)) }
                        ?? TextNoteReader.fileTitle(path),
                    body: text, tags: tags,
                    created: (fields["date"] ?? fields["created"]).flatMap(LooseDate.parse),
                    modified: (fields["modified"] ?? fields["updated"]).flatMap(LooseDate.parse))
    }

    /// The first section title in `lines`.
    static func sectionTitle(_ lines: [Substring]) -> String? {
        for index in lines.indices.dropLast() {
            let text = lines[index].trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !isAdornment(lines[index]), isAdornment(lines[index + 1]),
                  lines[index + 1].count >= text.count else { continue }
            if index > 0, isAdornment(lines[index - 1]), lines[index - 1].first != lines[index + 1].first { continue }
            return text
        }
        return nil
    }

    /// The first line of text that is not a field (`:tags: ops`), an explicit markup block (`.. note::`, a
    /// comment) with its indented lines, or an adornment.
    static func firstParagraphLine(_ lines: [Substring]) -> Substring? {
        var skippingIndented = false
        for line in lines where !line.allSatisfy(\.isWhitespace) {
            if skippingIndented, line.first == " " || line.first == "\t" { continue }
            skippingIndented = isField(line) || isExplicitMarkup(line)
            if !skippingIndented && !isAdornment(line) { return line }
        }
        return nil
    }

    /// A field list item: `:name: value` or `:name:` (not a role such as `:ref:` followed by text).
    static func isField(_ line: Substring) -> Bool {
        let rest = line.dropFirst()
        guard line.first == ":", let close = rest.firstIndex(of: ":"), close != rest.startIndex,
              rest.first?.isWhitespace == false else { return false }
        let after = rest[rest.index(after: close)...]
        return after.isEmpty || after.first?.isWhitespace == true
    }

    /// An explicit markup line: `..` then a space or nothing (a comment, directive, target or footnote).
    static func isExplicitMarkup(_ line: Substring) -> Bool {
        line.hasPrefix("..") && (line.count == 2 || line.dropFirst(2).first?.isWhitespace == true)
    }

    /// A line of one punctuation character repeated, at least 3 long (`=====`, `-----`, `~~~~`).
    static func isAdornment(_ line: Substring) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 3, let first = trimmed.first, "=-`:'\"~^_*+#<>.".contains(first) else { return false }
        return trimmed.allSatisfy { $0 == first } && line.first == first
    }
}
