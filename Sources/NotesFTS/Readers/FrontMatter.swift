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

    /// Splits `text` into its front matter and the rest; a text without a `---` first line has none. `text`
    /// has LF line endings (``TextNoteReader`` turns CRLF and CR into LF first).
    static func split(_ text: String) -> (FrontMatter, body: Substring) {
        guard text.hasPrefix("---\n") else { return (FrontMatter(), Substring(text)) }
        // Walk the lines by bytes (LF, CRLF or CR) and return the body as a slice, not a re-joined copy.
        var matter = FrontMatter()
        var consumed = 1
        var currentListKey: String?
        let whole = Substring(text)
        let bytes = whole.utf8
        var next = TextNoteReader.lineEnd(bytes, from: bytes.startIndex).next
        while let start = next {
            let line = TextNoteReader.lineEnd(bytes, from: start)
            consumed += 1
            if matter.read(whole[start..<line.end], currentListKey: &currentListKey) {
                matter.lineCount = consumed
                return (matter, whole[(line.next ?? bytes.endIndex)...])
            }
            next = line.next
        }
        // No closing fence: not front matter after all.
        return (FrontMatter(), whole)
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

    /// Obsidian's `aliases` (or `alias`), as a list or a comma-separated value.
    var aliases: [String] {
        for key in ["aliases", "alias"] {
            if let list = lists[key] { return list.filter { !$0.isEmpty } }
            if let value = values[key] {
                return value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
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
