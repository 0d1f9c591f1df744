import Foundation

/// Reads a Standard Notes backup (`{"version": "004", "items": [{"content_type": "Note", "content": {…}}, …]}`,
/// decrypted): only `Note` items become notes; trashed and deleted ones are left out; tags come from the
/// `Tag` items that reference a note; encrypted items (whose `content` is a string) cannot be read and are
/// left out.
enum StandardNotesReader {
    /// Note ids (`uuid`) to the titles of the tags that reference them.
    typealias TagIndex = [String: [String]]

    /// Whether `bytes` may be a backup (it names `content_type` somewhere): worth a first pass for tags.
    static func mayBeBackup(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let needle = Array(#""content_type""#.utf8)
            guard buffer.count >= needle.count else { return false }
            var index = 0
            while index <= buffer.count - needle.count {
                if buffer[index] == needle[0] && buffer[index + 1] == needle[1]
                    && needle.indices.allSatisfy({ buffer[index + $0] == needle[$0] }) {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    /// A first pass over the backup: which tags reference which notes (one item in memory at a time).
    static func tagIndex(_ bytes: [UInt8]) throws -> TagIndex {
        var tags: TagIndex = [:]
        var parser = JSONParser(bytes: bytes)
        try parser.streamNotes(wrapperKeys: ["items"], ignoredKeys: []) { item, _, layout in
            guard layout == .wrapped("items"), item["content_type"]?.stringValue == "Tag",
                  item["deleted"]?.isTrue != true, let title = item["content"]?["title"]?.stringValue,
                  let references = item["content"]?["references"]?.arrayValue else { return }
            for reference in references {
                if let id = reference["uuid"]?.stringValue { tags[id, default: []].append(title) }
            }
        }
        return tags
    }

    /// The note of one backup item, or `nil` when the item is not a readable, live note.
    static func note(from item: [String: JSONNode], tags: TagIndex, path: String, line: Int) -> Note? {
        guard item["content_type"]?.stringValue == "Note", item["deleted"]?.isTrue != true,
              let content = item["content"]?.objectValue, content["trashed"]?.isTrue != true else { return nil }
        let appData = content["appData"]?["org.standardnotes.sn"]
        return JSONNoteFields.note(
            path: path, line: line, title: content["title"]?.stringValue,
            body: content["text"]?.stringValue ?? "",
            tags: item["uuid"]?.stringValue.flatMap { tags[$0] } ?? [],
            created: JSONNoteFields.date(item["created_at"]),
            modified: JSONNoteFields.date(appData?["client_updated_at"]) ?? JSONNoteFields.date(item["updated_at"]))
    }
}
