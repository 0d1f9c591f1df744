import Foundation

/// Reads a plain-text or Markdown file as one note.
///
/// - Title: the first `# heading` (Markdown), else the first non-empty line (without leading `#`s, trimmed,
///   capped at ``maximumTitleLength`` characters), else the file name without its extension.
/// - Markdown front matter supplies `title`, `tags`, `created`/`date` and `modified`/`updated`.
/// - `#hashtags` in the text (a `#` followed by a letter, after a space or at the start of a line) become tags.
/// - Body: the text after the front matter, in full, so that line numbers map back to the file.
package enum TextNoteReader {
    /// The longest title taken from a first line.
    package static let maximumTitleLength = 120

    /// Builds the note of `text` read from `path`; `modified` is the file's time, used when the text has none.
    /// Windows (`\r\n`) and old Mac (`\r`) line endings are read as `\n`.
    package static func note(text original: String, path: String, isMarkdown: Bool, modified: Date?) -> Note {
        let text = hasCarriageReturn(original)
            ? original.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            : original
        var matter = FrontMatter()
        var body = Substring(text)
        if isMarkdown { (matter, body) = FrontMatter.split(text) }
        let bodyText = String(body)
        let title = matter.value("title").flatMap(nonEmpty)
            ?? (isMarkdown ? firstHeading(bodyText) : nil)
            ?? firstLine(bodyText)
            ?? fileTitle(path)
        let tags = matter.tags + hashtags(in: bodyText)
        let created = matter.value("created", "date", "created_at").flatMap(Timestamp.parse)
        let updated = matter.value("modified", "updated", "lastmod", "updated_at").flatMap(Timestamp.parse)
        return Note(path: path, line: matter.lineCount + 1, title: title, body: bodyText, tags: tags,
                    created: created, modified: updated ?? modified)
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    static func firstHeading(_ text: String) -> String? {
        var inFence = false
        var heading: String?
        nonEmptyLines(text) { line in
            if line.hasPrefix("```") || line.hasPrefix("~~~") { inFence.toggle(); return true }
            if !inFence && line.hasPrefix("# ") {
                heading = nonEmpty(String(line.dropFirst(2)).trimmingCharacters(in: CharacterSet(charactersIn: "# ")))
                    .map(cap)
                return false
            }
            return true
        }
        return heading
    }

    static func firstLine(_ text: String) -> String? {
        var title: String?
        nonEmptyLines(text) { line in
            var trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") && trimmed.drop(while: { $0 == "#" }).first == " " {
                trimmed = trimmed.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
            }
            title = nonEmpty(trimmed).map(cap)
            return title == nil
        }
        return title
    }

    /// The non-empty `\n`-separated lines of `text`, in order, until `body` returns `false` (lazily: a title
    /// on the first line costs one line, not a split of the whole note).
    private static func nonEmptyLines(_ text: String, _ body: (Substring) -> Bool) {
        if hasCarriageReturn(text) {
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !body(line) { return }
            return
        }
        forEachLine(text) { line in line.isEmpty ? true : body(line) }
    }

    static func fileTitle(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }

    static func cap(_ title: String) -> String {
        title.count <= maximumTitleLength ? title : String(title.prefix(maximumTitleLength - 1)) + "…"
    }

    /// `#tags` in running text: after whitespace or at a line start, a letter first, then letters, digits,
    /// `_`, `-` or `/`. Headings (`# Title`) and `#123` are not tags.
    static func hashtags(in text: String) -> [String] {
        if !text.utf8.contains(UInt8(ascii: "#")) { return [] }
        var tags: [String] = []
        if hasCarriageReturn(text) {
            var inFence = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                hashtags(inLine: line, inFence: &inFence, into: &tags)
            }
            return tags
        }
        var inFence = false
        forEachLine(text) { line in
            if isFence(line) {
                inFence.toggle()
            } else if !inFence && contains(line, byte: UInt8(ascii: "#")) {
                hashtags(inLine: line, inFence: &inFence, into: &tags)
            }
            return true
        }
        return tags
    }

    private static func hashtags(inLine line: Substring, inFence: inout Bool, into tags: inout [String]) {
        let indented = line.drop(while: { $0 == " " })
        if indented.hasPrefix("```") || indented.hasPrefix("~~~") { inFence.toggle(); return }
        if inFence { return }
        var index = line.startIndex
        var previous: Character = " "
        while index < line.endIndex {
            let character = line[index]
            let next = line.index(after: index)
            if character == "#" && previous.isWhitespace && next < line.endIndex && line[next].isLetter {
                var end = next
                while end < line.endIndex && isTagCharacter(line[end]) { end = line.index(after: end) }
                var tag = line[next..<end]
                while tag.last == "/" || tag.last == "-" { tag = tag.dropLast() }
                tags.append(String(tag))
                previous = "x"
                index = end
                continue
            }
            previous = character
            index = next
        }
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "/"
    }
}
