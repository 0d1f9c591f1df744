import Foundation

/// Reads an AsciiDoc file (`.adoc`, `.asciidoc`, `.asc`) as one note: the title is the document title
/// (`= Title`, else the first `== Section`, else the first line of text; none is taken from inside a delimited
/// block such as a `----` listing or a `--` open block); header attributes give tags (`:keywords:`, `:tags:`)
/// and dates (`:revdate:`, `:date:`, `:created:`, `:modified:`).
enum AsciiDocReader {
    /// The date of a header revision line (`v1.2, 2024-05-14: remark`).
    static func revisionDate(_ line: Substring) -> String? {
        let parts = line.split(separator: ",", maxSplits: 1)
        guard parts.count == 2, let first = parts[0].first, first == "v" || first.isNumber else { return nil }
        let date = parts[1].split(separator: ":", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) ?? ""
        return LooseDate.parse(date) == nil ? nil : date
    }

    /// The delimiter `line` opens a delimited block with (`----`, `....`, `====`, `****`, `++++`, `____`,
    /// `////`: four or more; a ```` ``` ```` fence; a `|===` table; the `--` open block: exactly two), or `nil`.
    /// Nothing inside one is a title, section or attribute.
    static func delimiter(_ line: Substring) -> Substring? {
        let trimmed = trailingTrimmed(line)
        if trimmed.hasPrefix("```") { return "```" }
        if trimmed == "--" { return trimmed }
        if trimmed.count >= 4, let first = trimmed.first, "|,:!".contains(first), trimmed.dropFirst().allSatisfy({ $0 == "=" }) {
            return trimmed
        }
        guard trimmed.count >= 4, let first = trimmed.first, "-.=*+_/".contains(first),
              trimmed.allSatisfy({ $0 == first }) else { return nil }
        return trimmed
    }

    /// Whether `line` is a block title (`.Block title`: a dot then neither a blank nor another dot), which names the
    /// block under it, not the note.
    static func isBlockTitle(_ line: Substring) -> Bool {
        guard line.first == ".", let next = line.dropFirst().first else { return false }
        return next != " " && next != "\t" && next != "."
    }

    /// `line` without trailing spaces and tabs.
    private static func trailingTrimmed(_ line: Substring) -> Substring {
        line[..<(line.lastIndex(where: { $0 != " " && $0 != "\t" }).map(line.index(after:)) ?? line.startIndex)]
    }

    /// The note of `text` read from `path`.
    static func note(text: String, path: String) -> Note {
        var title: String?
        var section: String?
        var attributes: [String: String] = [:]
        var inHeader = true
        var block: Substring? // the delimiter of the delimited block the line is in
        var firstText: String?
        TextNoteReader.forEachLine(text) { line in
            if let open = block {
                if trailingTrimmed(line) == open { block = nil }
                return true
            }
            if let delimiter = delimiter(line) {
                block = delimiter
            } else if line.hasPrefix("//") {
                // a comment line
            } else if line.hasPrefix(":"), let end = line.dropFirst().firstIndex(of: ":") {
                let key = line[line.index(after: line.startIndex)..<end].lowercased()
                attributes[key] = attributes[key] ?? line[line.index(after: end)...].trimmingCharacters(in: .whitespaces)
            } else if title == nil, line.hasPrefix("= ") || line.hasPrefix("# ") {
                title = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
            } else if section == nil, line.hasPrefix("== ") {
                section = line.drop(while: { $0 == "=" }).trimmingCharacters(in: .whitespaces)
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty && title != nil {
                inHeader = false
            } else if inHeader, title != nil, let revision = revisionDate(line) {
                attributes["revdate"] = attributes["revdate"] ?? revision
            } else if firstText == nil, !line.hasPrefix("["), !isBlockTitle(line), let text = TextNoteReader.firstLine(String(line)) {
                firstText = text
            }
            return inHeader || section == nil
        }
        let tags = (attributes["keywords"] ?? attributes["tags"])
            .map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        return Note(path: path, line: 1,
                    title: (title ?? section).flatMap { $0.isEmpty ? nil : TextNoteReader.cap($0) }
                        ?? firstText ?? TextNoteReader.fileTitle(path),
                    body: text, tags: tags,
                    created: (attributes["created"] ?? attributes["date"] ?? attributes["revdate"]).flatMap(LooseDate.parse),
                    modified: (attributes["modified"] ?? attributes["revdate"]).flatMap(LooseDate.parse))
    }
}
