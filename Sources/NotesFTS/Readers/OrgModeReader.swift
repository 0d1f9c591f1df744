import Foundation

/// Reads an org-mode file (`.org`) as one note: `#+TITLE:` (else, for a Logseq journal page such as
/// `journals/2024_03_01.org`, its day; else the first heading, else the first line),
/// `#+FILETAGS:` and heading tags (`* Heading   :work:urgent:`) as tags, `#+DATE:` or a `:CREATED:` property
/// as the creation date and `#+LASTMOD:` or a `:MODIFIED:` property as the modification date. Properties are
/// read only inside a `:PROPERTIES:` … `:END:` drawer closed before the next heading; a heading is one or more `*` then a space. Nothing inside a
/// `#+BEGIN_…` … `#+END_…` block (see ``OrgModeLayout``) gives a title, tag, date or heading.
enum OrgModeReader {
    /// The note of `text` read from `path`.
    static func note(text: String, path: String) -> Note {
        var keywords: [String: String] = [:]
        var properties: [String: String] = [:]
        var tags: [String] = []
        var firstHeading: String?
        var inDrawer = false
        let layout = OrgModeLayout(text)
        var blockEnd: Int? // the index of the line closing the block the line is in
        for (index, line) in layout.lines.enumerated() {
            if let end = blockEnd {
                if index == end { blockEnd = nil }
                continue
            }
            if let end = layout.blockEnd(opening: index) {
                blockEnd = end
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inDrawer {
                if trimmed.caseInsensitiveCompare(":END:") == .orderedSame {
                    inDrawer = false
                } else if trimmed.hasPrefix(":"), trimmed.dropFirst().contains(":") {
                    let parts = trimmed.dropFirst().split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                    let key = parts[0].lowercased()
                    properties[key] = properties[key] ?? parts[1].trimmingCharacters(in: .whitespaces)
                }
            } else if trimmed.caseInsensitiveCompare(":PROPERTIES:") == .orderedSame, layout.drawerCloses(opening: index) {
                inDrawer = true
            } else if trimmed.hasPrefix("#+"), let colon = trimmed.firstIndex(of: ":") {
                let key = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<colon].lowercased()
                keywords[key] = keywords[key] ?? trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            } else if isHeading(line) {
                let (heading, headingTags) = self.heading(line)
                tags += headingTags
                if firstHeading == nil, !heading.isEmpty { firstHeading = heading }
            }
        }
        tags = (keywords["filetags"].map(tagList) ?? []) + tags
        let title = keywords["title"].flatMap { $0.isEmpty ? nil : TextNoteReader.cap($0) }
            ?? TextNoteReader.journalTitle(path, isPage: true)
            ?? firstHeading.map(TextNoteReader.cap) ?? TextNoteReader.firstLine(text) ?? TextNoteReader.fileTitle(path)
        return Note(path: path, line: 1, title: title, body: text, tags: tags,
                    created: (keywords["date"] ?? properties["created"]).flatMap(LooseDate.parse),
                    modified: (keywords["lastmod"] ?? properties["modified"]).flatMap(LooseDate.parse))
    }

    /// Whether `line` is a heading: one or more `*` at the start, then a space (or nothing); `*bold*` is not.
    static func isHeading(_ line: Substring) -> Bool {
        let afterStars = line.drop(while: { $0 == "*" })
        return afterStars.startIndex != line.startIndex && (afterStars.isEmpty || afterStars.first == " ")
    }

    /// A heading's text without stars, TODO keyword, priority, `COMMENT` keyword and tags (after spaces or tabs); and its tags.
    static func heading(_ line: Substring) -> (String, [String]) {
        var text = line.drop(while: { $0 == "*" }).trimmingCharacters(in: .whitespaces)
        var tags: [String] = []
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        if text.hasSuffix(":"), let space = text.lastIndex(where: isBlank) ?? (text.hasPrefix(":") ? text.startIndex : nil) {
            let candidate = text[space...].trimmingCharacters(in: .whitespaces)
            if candidate.hasPrefix(":") && !candidate.contains(where: isBlank) {
                tags = tagList(candidate)
                text = text[..<space].trimmingCharacters(in: .whitespaces)
            }
        }
        for keyword in ["TODO ", "DONE ", "NEXT ", "WAITING ", "CANCELLED "] where text.hasPrefix(keyword) {
            text = String(text.dropFirst(keyword.count))
        }
        if text.hasPrefix("[#"), let end = text.firstIndex(of: "]") { text = text[text.index(after: end)...].trimmingCharacters(in: .whitespaces) }
        if text == "COMMENT" || text.hasPrefix("COMMENT ") { text = text.dropFirst(7).trimmingCharacters(in: .whitespaces) }
        return (text, tags)
    }

    /// `:a:b:` or `a b` as tags.
    private static func tagList(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == ":" || $0 == " " }).map(String.init)
    }
}
