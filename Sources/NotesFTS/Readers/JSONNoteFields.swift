import Foundation

/// The conversions every JSON reader shares (the built-in ones and ``JSONFieldMap``): a value to text, to a
/// list of tags, to a date; and the note assembled from them.
enum JSONNoteFields {
    /// The text of a string value (numbers and booleans are not bodies).
    static func text(_ node: JSONNode?) -> String? {
        node?.stringValue
    }

    /// The text of a title: a string, or a number as written (`"title": 2024` is titled `2024`, not by the
    /// body's first line; a whole number has no `.0`). Booleans and `null` are no title.
    static func title(_ node: JSONNode?) -> String? {
        guard case .number(let number)? = node else { return text(node) }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
        return "\(number)"
    }

    /// Tags from an array of strings or of `{"name": …}`/`{"title": …}` objects, or from a comma string.
    static func tags(_ node: JSONNode?) -> [String] {
        switch node {
        case .array(let items)?:
            return items.compactMap { item in
                item.stringValue ?? item["name"]?.stringValue ?? item["title"]?.stringValue
            }
        case .string(let text)?:
            return text.split(separator: ",").map(String.init)
        default:
            return []
        }
    }

    /// A date from ISO 8601 text or Unix seconds, milliseconds or microseconds (as a number or digits).
    static func date(_ node: JSONNode?) -> Date? {
        switch node {
        case .number(let number)?: return Timestamp.fromUnix(number)
        case .string(let text)?: return Timestamp.parse(text)
        default: return nil
        }
    }

    /// The first of `keys` in `object` that gives a date.
    static func date(_ object: [String: JSONNode], _ keys: [String]) -> Date? {
        keys.lazy.compactMap { date(object[$0]) }.first
    }

    /// The first of `keys` in `object` holding text.
    static func text(_ object: [String: JSONNode], _ keys: [String]) -> String? {
        keys.lazy.compactMap { text(object[$0]) }.first
    }

    /// A note from its parts: a missing or blank title is the body's first line, else the file name.
    static func note(path: String, line: Int, title: String?, body: String, tags: [String],
                     created: Date?, modified: Date?) -> Note {
        let trimmed = title?.trimmingCharacters(in: .whitespacesAndNewlines)
        let heading = trimmed.flatMap { $0.isEmpty ? nil : TextNoteReader.cap($0) }
        return Note(path: path, line: line,
                    title: heading ?? TextNoteReader.firstLine(body) ?? TextNoteReader.fileTitle(path),
                    body: body, tags: tags, created: created, modified: modified)
    }
}
