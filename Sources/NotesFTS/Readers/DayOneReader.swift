import Foundation

/// Reads a Day One JSON export (`{"metadata": {…}, "entries": [{"text": …, "tags": […], "creationDate": …,
/// "modifiedDate": …}]}`): each entry is a note titled by its first line, with Day One's Markdown escapes
/// (`\.`, `\-`, `\!`…) removed from the text.
enum DayOneReader {
    /// Whether `object`, an element of an `entries` array, is a Day One entry: its text is under `text`
    /// and it has no field Day One never writes (a title, or the body under another name). Any other
    /// element of an `entries` array is read as a plain JSON note (``JSONNoteReader``).
    static func isEntry(_ object: [String: JSONNode]) -> Bool {
        object["text"]?.stringValue != nil
            && !JSONNoteReader.titleKeys.contains { object[$0] != nil }
            && !JSONNoteReader.bodyKeys.contains { $0 != "text" && object[$0] != nil }
    }

    /// The note of one entry, or `nil` for an entry without text.
    static func note(from entry: [String: JSONNode], path: String, line: Int) -> Note? {
        guard let raw = entry["text"]?.stringValue else { return nil }
        let text = unescape(raw)
        return JSONNoteFields.note(
            path: path, line: line, title: nil, body: text, tags: JSONNoteFields.tags(entry["tags"]),
            created: JSONNoteFields.date(entry["creationDate"]),
            modified: JSONNoteFields.date(entry["modifiedDate"]) ?? JSONNoteFields.date(entry["creationDate"]))
    }

    /// `text` without the backslashes Day One puts before Markdown punctuation.
    static func unescape(_ text: String) -> String {
        guard ByteSearch.contains(text, byte: UInt8(ascii: "\\")) else { return text }
        var result = String.UnicodeScalarView()
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                if !(scalar.isASCII && scalar.properties.isPatternSyntax) { result.append("\\") }
                result.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                result.append(scalar)
            }
        }
        if escaped { result.append("\\") }
        return String(result)
    }
}
