import Foundation

/// Where a JSON export keeps each note field, for exports the built-in readers do not know: like Codable's
/// `CodingKeys`, written `title=headline,body=content.text,tags=labels[].name,created=ts`
/// (`notes-index --map …`).
///
/// A key path is dot-separated keys; `[]` after a key takes every element of that array
/// (`labels[].name` is the `name` of each label). A mapped key missing from a note is an error naming the key,
/// unless the path ends with `?` (`tags=labels[].name?`). Values convert as in the built-in readers: text for
/// title and body, a list or comma string for tags, ISO 8601 or Unix seconds/milliseconds/microseconds for
/// dates. Unmapped fields fall back to nothing (the title to the body's first line, then the file name).
public struct JSONFieldMap: Equatable, Sendable {
    /// A note field a map can fill.
    public enum Field: String, CaseIterable, Sendable {
        /// The title.
        case title
        /// The searchable text.
        case body
        /// The tags.
        case tags
        /// The creation date.
        case created
        /// The modification date.
        case modified
    }

    /// A parsed key path.
    struct KeyPath: Equatable, Sendable {
        /// The text as given, for messages.
        var text: String
        /// Keys; `nil` stands for `[]` (every element).
        var steps: [String?]
        /// Whether a missing value is allowed.
        var optional: Bool
    }

    /// The fields mapped, in the order given.
    private(set) var paths: [Field: KeyPath] = [:]

    /// Parses `specification`; throws ``NoteReadError`` naming an unknown field, an empty or malformed path.
    public init(_ specification: String) throws {
        for pair in specification.split(separator: ",", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "=") else {
                throw NoteReadError("'\(pair)' in --map is not FIELD=KEY.PATH")
            }
            let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
            guard let field = Field(rawValue: name) else {
                throw NoteReadError("unknown field '\(name)' in --map (expected "
                    + Field.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            paths[field] = try Self.keyPath(pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
        guard paths[.title] != nil || paths[.body] != nil else {
            throw NoteReadError("--map needs at least title= or body=")
        }
    }

    private static func keyPath(_ text: String) throws -> KeyPath {
        let optional = text.hasSuffix("?")
        let bare = optional ? String(text.dropLast()) : text
        var steps: [String?] = []
        for component in bare.split(separator: ".", omittingEmptySubsequences: false) {
            var key = component
            var each = 0
            while key.hasSuffix("[]") { key = key.dropLast(2); each += 1 }
            guard !key.isEmpty || each > 0, !key.contains("["), !key.contains("]") else {
                throw NoteReadError("bad key path '\(text)' in --map (write keys like content.text or labels[].name)")
            }
            if !key.isEmpty { steps.append(String(key)) }
            steps += Array(repeating: nil, count: each)
        }
        return KeyPath(text: text, steps: steps, optional: optional)
    }

    /// The values at `path` in `node` (several when the path goes through `[]`), or `nil` when a key is missing.
    static func values(at steps: ArraySlice<String?>, in node: JSONNode) -> [JSONNode]? {
        guard let step = steps.first else { return [node] }
        if let key = step {
            guard let next = node[key], next != .null else { return nil }
            return values(at: steps.dropFirst(), in: next)
        }
        guard let elements = node.arrayValue else { return nil }
        return elements.compactMap { values(at: steps.dropFirst(), in: $0) }.flatMap { $0 }
    }

    /// The note of one object, following the map; throws when a required key is missing.
    func note(from object: [String: JSONNode], path: String, line: Int) throws -> Note {
        func values(_ field: Field) throws -> [JSONNode]? {
            guard let keyPath = paths[field] else { return nil }
            if let found = Self.values(at: keyPath.steps[...], in: .object(object)) { return found }
            if keyPath.optional { return nil }
            throw NoteReadError("the note at line \(line) has no key '\(keyPath.text)' (mapped to \(field.rawValue) by --map; "
                + "end the path with ? if it is optional)")
        }
        let texts = { (nodes: [JSONNode]?) in nodes?.compactMap(JSONNoteFields.text) }
        return JSONNoteFields.note(
            path: path, line: line, title: try values(.title)?.compactMap(JSONNoteFields.title).joined(separator: " "),
            body: try texts(values(.body))?.joined(separator: "\n") ?? "",
            tags: try values(.tags)?.flatMap { JSONNoteFields.tags($0) } ?? [],
            created: try values(.created)?.lazy.compactMap(JSONNoteFields.date).first,
            modified: try values(.modified)?.lazy.compactMap(JSONNoteFields.date).first)
    }
}
