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
        if stored.isEmpty { return [] }
        var text = stored
        return text.withUTF8 { splitASCII($0) } ?? splitGeneral(stored)
    }

    /// ``split(_:)`` of any text: by `Character` (a comma joined by a combining mark is no separator), each
    /// tag trimmed as ``SpaceTrimming`` trims.
    static func splitGeneral(_ stored: String) -> [String] {
        stored.split(separator: ",").map { SpaceTrimming.trimmed($0) }.filter { !$0.isEmpty }
    }

    /// ``split(_:)`` of ASCII text, read as bytes (every search result reads its tags): there every comma
    /// is a `Character` of its own, and the only spaces ``SpaceTrimming`` trims are space and tab. `nil` when
    /// a byte is not ASCII.
    static func splitASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var tags: [String] = []
        var start = 0
        for index in 0...bytes.count {
            if index < bytes.count {
                guard bytes[index] < 0x80 else { return nil }
                guard bytes[index] == UInt8(ascii: ",") else { continue }
            }
            var (lower, upper) = (start, index)
            while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
            while lower < upper, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
            if lower < upper { tags.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)) }
            start = index + 1
        }
        return tags
    }
}
