/// The page properties at the top of a Logseq page (`title:: Reading list`, `tags:: books, [[sci fi]]`,
/// `alias:: to-read`), as Logseq writes them: `key:: value` lines, optionally as the first `- ` block.
struct LogseqProperties: Equatable {
    /// Keys (lowercased) to values.
    var values: [String: String] = [:]

    /// The properties block at the start of `text` (none when the first non-empty line is not `key:: value`).
    init(_ text: Substring) {
        TextNoteReader.forEachLine(text) { line in
            var trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty { return values.isEmpty }
            if values.isEmpty && trimmed.hasPrefix("- ") { trimmed = trimmed.dropFirst(2) }
            guard let separator = trimmed.range(of: ":: "), !trimmed[..<separator.lowerBound].contains(" ") else { return false }
            values[trimmed[..<separator.lowerBound].lowercased()] = trimmed[separator.upperBound...]
                .trimmingCharacters(in: .whitespaces)
            return true
        }
    }

    /// The `title::` property.
    var title: String? { values["title"].flatMap { $0.isEmpty ? nil : $0 } }
    /// The `tags::` property as a list.
    var tags: [String] { Self.list(values["tags"]) }
    /// The `alias::` property as a list.
    var aliases: [String] { Self.list(values["alias"] ?? values["aliases"]) }

    /// The text of the Logseq block `line` (`- Call Sam` as `Call Sam`), or `nil` when it has none.
    static func blockText(_ line: String) -> String? {
        let text = line.hasPrefix("- ") || line == "-" ? TextNoteReader.trimmingSpaces(line.dropFirst()) : Substring(line)
        return text.isEmpty ? nil : String(text)
    }

    /// `a, [[b c]], #d` as `["a", "b c", "d"]`.
    static func list(_ value: String?) -> [String] {
        guard let value else { return [] }
        return value.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "[[", with: "")
                .replacingOccurrences(of: "]]", with: "")
        }.filter { !$0.isEmpty }
    }
}

import Foundation
