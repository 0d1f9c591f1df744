import Foundation

/// Reads an AsciiDoc file (`.adoc`, `.asciidoc`, `.asc`) as one note: the title is the document title
/// (`= Title`, else the first `== Section`, else the first line); header attributes give tags
/// (`:keywords:`, `:tags:`) and dates (`:revdate:`, `:date:`, `:created:`, `:modified:`).
enum AsciiDocReader {
    /// The date of a header revision line (`v1.2, 2024-05-14: remark`).
    static func revisionDate(_ line: Substring) -> String? {
        let parts = line.split(separator: ",", maxSplits: 1)
        guard parts.count == 2, let first = parts[0].first, first == "v" || first.isNumber else { return nil }
        let date = parts[1].split(separator: ":", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) ?? ""
        return LooseDate.parse(date) == nil ? nil : date
    }

    /// The note of `text` read from `path`.
    static func note(text: String, path: String) -> Note {
        var title: String?
        var section: String?
        var attributes: [String: String] = [:]
        var inHeader = true
        TextNoteReader.forEachLine(text) { line in
            if line.hasPrefix(":"), let end = line.dropFirst().firstIndex(of: ":") {
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
            }
            return inHeader || section == nil
        }
        let tags = (attributes["keywords"] ?? attributes["tags"])
            .map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        return Note(path: path, line: 1,
                    title: (title ?? section).flatMap { $0.isEmpty ? nil : TextNoteReader.cap($0) }
                        ?? TextNoteReader.firstLine(text) ?? TextNoteReader.fileTitle(path),
                    body: text, tags: tags,
                    created: (attributes["created"] ?? attributes["date"] ?? attributes["revdate"]).flatMap(LooseDate.parse),
                    modified: (attributes["modified"] ?? attributes["revdate"]).flatMap(LooseDate.parse))
    }
}
