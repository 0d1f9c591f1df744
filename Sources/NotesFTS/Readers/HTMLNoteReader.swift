import Foundation

/// Reads an `.html` note (Apple Notes, Notion and browser exports): the title is the `<title>`, else the first
/// heading, else the first line; the body is the text without markup, scripts or styles;
/// `<meta name="keywords">` gives tags.
enum HTMLNoteReader {
    /// The note of `text` read from `path`.
    static func note(text: String, path: String) -> Note {
        let html = HTMLText(text)
        return Note(path: path, line: 1,
                    title: (html.title ?? html.firstHeading).map(TextNoteReader.cap)
                        ?? TextNoteReader.firstLine(html.text) ?? TextNoteReader.fileTitle(path),
                    body: html.text, tags: keywords(html.keywords ?? ""))
    }

    /// The comma-separated keywords of a `<meta name="keywords">` `content`, trimmed, empty ones left out.
    static func keywords(_ content: String) -> [String] {
        content.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
