import Foundation

/// Reads JSON note exports: one note object, an array of them, an object wrapping them
/// (`{"notes": […]}`, Simplenote's `{"activeNotes": […]}`), or JSON Lines (one object a line).
///
/// Fields are found under the names common exporters use:
/// - title: `title`, `name`, `subject` (else the body's first line);
/// - body: `body`, `content`, `text`, `textContent` (Google Keep), `note`, `markdown`; Keep checklists
///   (`listContent`) become `- [ ]` lines;
/// - tags: `tags`, `labels`, `keywords`, as an array of strings, of `{"name": …}` objects, or a comma string;
/// - dates: `created`, `created_at`, `createdAt`, `creationDate`, `createdTimestampUsec`, `date` and
///   `modified`, `updated_at`, `updatedAt`, `modified_at`, `lastModified`, `userEditedTimestampUsec`,
///   as ISO 8601 or Unix seconds, milliseconds or microseconds.
/// Objects marked trashed (`isTrashed`, `trashed`, `deleted` true) are left out.
package enum JSONNoteReader {
    static let titleKeys = ["title", "name", "subject"]
    static let bodyKeys = ["body", "content", "text", "textContent", "note", "markdown"]
    static let tagKeys = ["tags", "labels", "keywords"]
    static let createdKeys = ["created", "created_at", "createdAt", "creationDate", "createdTimestampUsec", "date"]
    static let modifiedKeys = ["modified", "updated_at", "updatedAt", "modified_at", "lastModified",
                               "userEditedTimestampUsec", "updated"]

    /// The notes in `text`, a `.json` (or, with `jsonLines`, `.jsonl`) file at `path`.
    ///
    /// Throws ``NoteReadError`` naming what is wrong: malformed JSON (with the line for JSON Lines),
    /// a top level that is not an object or array, or no note fields anywhere.
    package static func notes(text: String, path: String, jsonLines: Bool, modified: Date?) throws -> [Note] {
        var objects: [(Any, line: Int)] = []
        if jsonLines {
            objects = try parseLines(text)
        } else {
            do {
                let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
                let found = try elements(of: value)
                let lines = elementLines(text)
                objects = found.enumerated().map { ($1, lines.count == found.count ? lines[$0] : 1) }
            } catch let error as NoteReadError {
                throw error
            } catch {
                // Some exporters write JSON Lines into a .json file.
                if let lines = try? parseLines(text), lines.count > 1 {
                    objects = lines
                } else {
                    throw NoteReadError("malformed JSON (\(describe(error)))")
                }
            }
        }
        var notes: [Note] = []
        var fieldless = 0
        for (object, line) in objects {
            guard let dictionary = object as? [String: Any] else {
                throw NoteReadError("expected note objects, found \(kind(of: object))")
            }
            if isTrashed(dictionary) { continue }
            guard let note = note(from: dictionary, path: path, line: line, modified: modified) else {
                fieldless += 1
                continue
            }
            notes.append(note)
        }
        if notes.isEmpty && fieldless > 0 {
            throw NoteReadError("no note fields (expected title/body/content/text)")
        }
        return notes
    }

    /// The 1-based line where each object of the first array in `text` starts (the top-level array, or the
    /// first array directly inside the top-level object), so results can point at the note in the file.
    static func elementLines(_ text: String) -> [Int] {
        var lines: [Int] = []
        var line = 1
        var stack: [UInt8] = []
        var inString = false
        var escaped = false
        var targetDepth: Int?
        var finished = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["):
                stack.append(byte)
                if targetDepth == nil && stack.count <= 2 && !finished { targetDepth = stack.count }
            case UInt8(ascii: "{"):
                if let targetDepth, stack.count == targetDepth, stack.last == UInt8(ascii: "[") { lines.append(line) }
                stack.append(byte)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if stack.count == targetDepth { targetDepth = nil; finished = true }
                _ = stack.popLast()
            default: break
            }
        }
        return lines
    }

    private static func parseLines(_ text: String) throws -> [(Any, line: Int)] {
        var objects: [(Any, line: Int)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            do {
                objects.append((try JSONSerialization.jsonObject(with: Data(trimmed.utf8), options: [.fragmentsAllowed]), number + 1))
            } catch {
                throw NoteReadError("malformed JSON at line \(number + 1) (\(describe(error)))")
            }
        }
        return objects
    }

    private static func elements(of value: Any) throws -> [Any] {
        if let array = value as? [Any] { return array }
        if let object = value as? [String: Any] {
            for key in ["activeNotes", "notes", "items"] {
                if let array = object[key] as? [Any] { return array }
            }
            return [object]
        }
        throw NoteReadError("expected a note object or an array of notes, found \(kind(of: value))")
    }

    static func note(from object: [String: Any], path: String, line: Int, modified: Date?) -> Note? {
        let title = string(object, titleKeys)
        var body = string(object, bodyKeys)
        if body == nil, let items = object["listContent"] as? [[String: Any]] {
            body = items.map { item in
                let checked = (item["isChecked"] as? Bool) == true ? "x" : " "
                return "- [\(checked)] " + ((item["text"] as? String) ?? "")
            }.joined(separator: "\n")
        }
        guard title != nil || body != nil else { return nil }
        let text = body ?? ""
        return Note(
            path: path, line: line,
            title: title.flatMap { $0.isEmpty ? nil : TextNoteReader.cap($0) } ?? TextNoteReader.firstLine(text)
                ?? TextNoteReader.fileTitle(path),
            body: text, tags: tags(object), created: date(object, createdKeys),
            modified: date(object, modifiedKeys) ?? modified)
    }

    private static func string(_ object: [String: Any], _ keys: [String]) -> String? {
        for key in keys {
            if let value = object[key] as? String { return value }
        }
        return nil
    }

    private static func tags(_ object: [String: Any]) -> [String] {
        for key in tagKeys {
            if let list = object[key] as? [Any] {
                return list.compactMap { item in
                    if let text = item as? String { return text }
                    if let labelled = item as? [String: Any] { return labelled["name"] as? String }
                    return nil
                }
            }
            if let text = object[key] as? String {
                return text.split(separator: ",").map(String.init)
            }
        }
        return []
    }

    private static func date(_ object: [String: Any], _ keys: [String]) -> Date? {
        for key in keys {
            if let value = object[key], let date = Timestamp.parse(value) { return date }
        }
        return nil
    }

    private static func isTrashed(_ object: [String: Any]) -> Bool {
        ["isTrashed", "trashed", "deleted"].contains { (object[$0] as? Bool) == true }
    }

    private static func kind(of value: Any) -> String {
        switch value {
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case is String: return "a string"
        case is NSNull: return "null"
        case is NSNumber: return "a number"
        default: return "another value"
        }
    }

    private static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return nsError.localizedDescription
    }
}
