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
    ///
    /// Markdown also understands what note apps write into it: Obsidian `aliases` (and titles by file name
    /// inside a vault), Logseq page properties (`title::`, `tags::`, `alias::`), Notion property lines and page
    /// ids; both kinds take Bear's multi-word tags (`#places to eat#`).
    package static func note(text original: String, path: String, isMarkdown: Bool, modified: Date?) -> Note {
        let text = hasCarriageReturn(original)
            ? original.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            : original
        var matter = FrontMatter()
        var body = Substring(text)
        if isMarkdown { (matter, body) = FrontMatter.split(text) }
        let bodyText = String(body)
        var note = Note(path: path, line: matter.lineCount + 1, title: "", body: bodyText,
                        tags: matter.tags + hashtags(in: bodyText),
                        created: matter.value("created", "date", "created_at").flatMap(Timestamp.parse),
                        modified: matter.value("modified", "updated", "lastmod", "updated_at").flatMap(Timestamp.parse),
                        aliases: matter.aliases)
        var titleByName = false
        if isMarkdown {
            let logseq = ByteSearch.contains(bodyText, ":: ") ? LogseqProperties(body) : LogseqProperties(Substring())
            note.title = matter.title ?? logseq.title.map(cap) ?? ""
            note.tags = matter.tags + logseq.tags + note.tags.dropFirst(matter.tags.count)
            note.aliases += logseq.aliases
            if NotionExport.isExported(path) {
                let notion = NotionExport.fields(NotionExport.properties(body))
                note.tags += notion.tags
                note.created = note.created ?? notion.created
                note.modified = note.modified ?? notion.modified
            }
            titleByName = !logseq.values.isEmpty || ObsidianVault.contains(path)
        }
        if note.title.isEmpty, let day = journalTitle(path, isPage: isMarkdown) {
            note.title = day // a Logseq journal page: named by its day
        }
        if note.title.isEmpty {
            let journal = isMarkdown && path.contains("/journals/") // a journal page whose name is no date: its first block
            note.title = (isMarkdown ? firstHeading(bodyText) : nil)
                ?? (titleByName ? nil : firstLine(bodyText).flatMap { journal ? LogseqProperties.blockText($0) : $0 })
                ?? fileTitle(path)
        }
        note.modified = note.modified ?? modified
        return note
    }

    /// The day of a Logseq journal page as its title, `2024-01-31` (see ``journalDay(_:isPage:)``).
    static func journalTitle(_ path: String, isPage: Bool) -> String? {
        journalDay(path, isPage: isPage).map { String(Timestamp.format($0).prefix(10)) }
    }

    /// The day of a Logseq journal page: a page (`isPage`: Markdown or org-mode, the two formats Logseq writes)
    /// in a `journals` folder whose name (without its extension) is just a date, `2024_01_31` (or `2024-01-31`,
    /// `20240131`); `nil` for any other file, whose title comes from its heading or first line even when its
    /// name holds a date (`2024-04-05 release notes.md`).
    static func journalDay(_ path: String, isPage: Bool) -> Date? {
        guard isPage, path.contains("/journals/") else { return nil }
        let stem = Array(rawFileTitle(path).utf8)
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let digits = stem.count == 8 && stem.allSatisfy(isDigit)
        let separated = stem.count == 10 && (stem[4] == UInt8(ascii: "_") || stem[4] == UInt8(ascii: "-"))
            && stem[7] == stem[4] && stem.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || isDigit($0.element) }
        return digits || separated ? FileDates.dateInName(path) : nil
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
            var trimmed = trimmingSpaces(line)
            if trimmed.hasPrefix("#") && trimmed.drop(while: { $0 == "#" }).first == " " {
                trimmed = trimmingSpaces(trimmed.drop(while: { $0 == "#" }))
            }
            title = trimmed.isEmpty ? nil : cap(String(trimmed))
            return title == nil
        }
        return title
    }

    /// `line` without leading and trailing white space (what `trimmingCharacters(in: .whitespaces)` removes
    /// from a line, without Foundation's cost: this runs once a note).
    static func trimmingSpaces(_ line: Substring) -> Substring {
        let isSpace = { (character: Character) in character.isWhitespace && !character.isNewline }
        guard let first = line.firstIndex(where: { !isSpace($0) }), let last = line.lastIndex(where: { !isSpace($0) }) else {
            return line[line.endIndex...]
        }
        return line[first...last]
    }

    /// The non-empty lines of `text` (ended by LF, CRLF or CR), in order, until `body` returns `false` (lazily:
    /// a title on the first line costs one line, not a split of the whole note).
    private static func nonEmptyLines(_ text: String, _ body: (Substring) -> Bool) {
        forEachLine(text) { line in line.isEmpty ? true : body(line) }
    }

    /// The file name of `path` without its extension, or a Notion page id.
    static func fileTitle(_ path: String) -> String {
        NotionExport.strippingID(rawFileTitle(path))
    }

    /// The file name of `path` without its extension.
    static func rawFileTitle(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }

    static func cap(_ title: String) -> String {
        title.count <= maximumTitleLength ? title : String(title.prefix(maximumTitleLength - 1)) + "…"
    }
}
