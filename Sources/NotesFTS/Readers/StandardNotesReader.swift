import Foundation

/// Reads a Standard Notes backup (`{"version": "004", "items": [{"content_type": "Note", "content": {…}}, …]}`,
/// decrypted): only `Note` items become notes; trashed and deleted ones are left out; tags come from the
/// `Tag` items that reference a note; encrypted items (whose `content` is a string) cannot be read and are
/// left out, named in a warning with their count when other notes were read (``NoteReadWarning``), and a
/// backup whose notes are all encrypted is an error; both say to export a decrypted backup.
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

    /// Whether `bytes` are a backup's layout: one JSON object, nothing after it, whose `items` is an array of
    /// objects that each name their `content_type`. A `.txt` is read as a backup only then: a text note that
    /// merely starts with `{` and mentions `"content_type"` (an HTTP log, a pasted response) stays a text note.
    static func isBackup(_ bytes: [UInt8]) -> Bool {
        guard mayBeBackup(bytes) else { return false }
        var parser = JSONParser(bytes: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        guard parser.peek() == UInt8(ascii: "{") else { return false }
        var items = false
        do {
            try parser.members { parser, key in
                guard key == "items", !items, parser.peek() == UInt8(ascii: "[") else { return try parser.skipValue(depth: 1) }
                items = true
                try parser.elementsOfArray(depth: 1) { parser, _ in
                    guard try parser.value(depth: 2)["content_type"]?.stringValue != nil else { throw NoteReadError("not an item") }
                }
            }
            try parser.expectEnd()
        } catch {
            return false
        }
        return items
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

    /// Whether `item` is a live note whose content is encrypted (a string such as `004:nonce:ciphertext:…`
    /// instead of an object): a backup made with encryption, which cannot be read without the account's keys.
    static func isEncryptedNote(_ item: [String: JSONNode]) -> Bool {
        item["content_type"]?.stringValue == "Note" && item["deleted"]?.isTrue != true && item["content"]?.stringValue != nil
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
