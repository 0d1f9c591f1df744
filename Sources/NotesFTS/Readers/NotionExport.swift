import Foundation

/// What a Notion Markdown export adds to a note: a 32-hex-digit page id after each file and folder name
/// (`Meeting notes 0123456789abcdef0123456789abcdef.md`), and the page's properties as `Key: value` lines
/// right after the `# Title` heading.
enum NotionExport {
    /// `name` without a trailing ` <32 hex digits>` id (the name itself when it has none).
    static func strippingID(_ name: String) -> String {
        guard name.utf8.count > 33 else { return name }
        let suffix = name.utf8.suffix(32)
        let space = name.utf8.index(name.utf8.endIndex, offsetBy: -33)
        guard name.utf8[space] == UInt8(ascii: " "), suffix.allSatisfy(isHex) else { return name }
        return String(name[..<space])
    }

    /// Whether the file name of `path` carries a Notion page id.
    static func isExported(_ path: String) -> Bool {
        let stem = TextNoteReader.rawFileTitle(path)
        return strippingID(stem) != stem
    }

    /// The property lines after the first heading of `text`: keys (lowercased) to values.
    static func properties(_ text: Substring) -> [String: String] {
        var properties: [String: String] = [:]
        var state = 0 // 0: before the heading, 1: after it, 2: in the properties
        TextNoteReader.forEachLine(text) { line in
            if state == 0 { if line.hasPrefix("# ") { state = 1 }; return true }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { return state == 1 }
            guard let colon = line.range(of: ": "), line[..<colon.lowerBound].count <= 40,
                  !line[..<colon.lowerBound].contains("#") else { return false }
            properties[line[..<colon.lowerBound].lowercased()] = line[colon.upperBound...].trimmingCharacters(in: .whitespaces)
            state = 2
            return true
        }
        return properties
    }

    /// Tags, created and modified dates from `properties`.
    static func fields(_ properties: [String: String]) -> (tags: [String], created: Date?, modified: Date?) {
        let tags = (properties["tags"] ?? properties["tag"] ?? properties["labels"])
            .map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        let created = ["created", "created time", "date"].lazy.compactMap { properties[$0] }.first.flatMap(LooseDate.parse)
        let modified = ["last edited time", "updated", "last edited", "modified"].lazy.compactMap { properties[$0] }.first
            .flatMap(LooseDate.parse)
        return (tags, created, modified)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
    }
}
