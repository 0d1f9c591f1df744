import Foundation

/// How tags are cleaned and stored: one text column, `", "`-separated, so FTS5 can match each tag.
package enum TagList {
    /// Cleans tags (trims, drops a leading `#`, turns commas into spaces, NFC), drops empties and repeats.
    package static func clean(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for tag in tags {
            var cleaned = TextNormalization.normalize(tag).trimmingCharacters(in: .whitespacesAndNewlines)
            while cleaned.hasPrefix("#") { cleaned.removeFirst() }
            cleaned = cleaned.replacingOccurrences(of: ",", with: " ")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !cleaned.isEmpty && seen.insert(cleaned.lowercased()).inserted { result.append(cleaned) }
        }
        return result
    }

    /// The stored form of `tags`.
    package static func join(_ tags: [String]) -> String { clean(tags).joined(separator: ", ") }

    /// Tags back from their stored form.
    package static func split(_ stored: String) -> [String] {
        stored.isEmpty ? [] : stored.split(separator: ",").map { SpaceTrimming.trimmed($0) }.filter { !$0.isEmpty }
    }
}
