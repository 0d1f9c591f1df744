/// The YAML front matter at the top of a Markdown note, read for the few keys notes use.
///
/// Understands `key: value`, inline lists (`tags: [a, b]`) and block lists (`- a` lines under a key);
/// everything else in the block is ignored. It is not a YAML parser and does not try to be one.
struct FrontMatter: Equatable {
    /// Keys (lowercased) to their scalar value.
    var values: [String: String] = [:]
    /// Keys (lowercased) to their list value.
    var lists: [String: [String]] = [:]
    /// How many lines the block took, fences included (0 when there is none).
    var lineCount = 0

    /// Splits `text` into its front matter and the rest; a text without a `---` first line has none.
    static func split(_ text: String) -> (FrontMatter, body: Substring) {
        guard text.hasPrefix("---\n") || text.hasPrefix("---\r\n") else { return (FrontMatter(), Substring(text)) }
        if text.utf8.contains(UInt8(ascii: "\r")) { return splitByCharacters(text) }
        // Fast path (no CR): walk the lines by bytes and return the body as a slice, not a re-joined copy.
        var matter = FrontMatter()
        var consumed = 1
        var currentListKey: String?
        let bytes = text.utf8
        var start = bytes.index(after: bytes.firstIndex(of: UInt8(ascii: "\n"))!)
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let line = text[start..<end]
            consumed += 1
            if matter.read(line, currentListKey: &currentListKey) {
                matter.lineCount = consumed
                return (matter, text[(end == bytes.endIndex ? end : bytes.index(after: end))...])
            }
            if end == bytes.endIndex { break }
            start = bytes.index(after: end)
        }
        // No closing fence: not front matter after all.
        return (FrontMatter(), Substring(text))
    }

    /// The original line-splitting form, kept for texts with carriage returns (where `"\r\n"` is one Character).
    private static func splitByCharacters(_ text: String) -> (FrontMatter, body: Substring) {
        var matter = FrontMatter()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        lines = lines.dropFirst()
        var consumed = 1
        var currentListKey: String?
        while let line = lines.first {
            lines = lines.dropFirst()
            consumed += 1
            if matter.read(line, currentListKey: &currentListKey) {
                matter.lineCount = consumed
                let body = lines.joined(separator: "\n")
                return (matter, Substring(body))
            }
        }
        // No closing fence: not front matter after all.
        return (FrontMatter(), Substring(text))
    }

    /// Reads one line of the block into `self`; returns `true` when the line is the closing fence.
    private mutating func read(_ line: Substring, currentListKey: inout String?) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed == "---" || trimmed == "..." { return true }
        if trimmed.hasPrefix("- "), let key = currentListKey {
            lists[key, default: []].append(Self.unquote(String(trimmed.dropFirst(2))))
            return false
        }
        guard let colon = line.firstIndex(of: ":"), !line.hasPrefix(" ") else { return false }
        let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        currentListKey = value.isEmpty ? key : nil
        if value.hasPrefix("[") && value.hasSuffix("]") {
            lists[key] = value.dropFirst().dropLast().split(separator: ",")
                .map { Self.unquote($0.trimmingCharacters(in: .whitespaces)) }
        } else if !value.isEmpty {
            values[key] = Self.unquote(value)
        }
        return false
    }

    /// The first of `keys` that has a scalar value.
    func value(_ keys: String...) -> String? {
        keys.lazy.compactMap { values[$0] }.first
    }

    /// The tags under `tags`, `tag` or `keywords`, as a list or a comma/space separated value.
    var tags: [String] {
        for key in ["tags", "tag", "keywords"] {
            if let list = lists[key] { return list }
            if let value = values[key] {
                return value.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            }
        }
        return []
    }

    private static func unquote(_ text: String) -> String {
        if text.count >= 2, let first = text.first, let last = text.last,
           (first == "\"" && last == "\"") || (first == "'" && last == "'") {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}

import Foundation
