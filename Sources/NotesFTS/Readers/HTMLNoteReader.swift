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
                    body: html.text, tags: keywords(text))
    }

    /// The comma-separated `content` of `<meta name="keywords" content="…">`.
    static func keywords(_ text: String) -> [String] {
        guard let meta = text.range(of: #"<meta[^>]*name=["']keywords["'][^>]*>"#, options: [.regularExpression, .caseInsensitive]),
              let content = text[meta].range(of: #"content=["'][^"']*"#, options: .regularExpression) else { return [] }
        let value = text[meta][content].dropFirst("content=\"".count)
        return HTMLText.decode(value).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
