import Foundation

/// Reads JSON note exports: one note object, an array of them, an object wrapping them
/// (`{"notes": […]}`, Simplenote's `{"activeNotes": […]}`), or JSON Lines (one object a line); Standard
/// Notes backups and Day One journals are recognised by their layout (``StandardNotesReader``,
/// ``DayOneReader``); the elements of an `entries` array that are not Day One entries are read as notes.
///
/// Fields are found under the names common exporters use:
/// - title: `title`, `name`, `subject`, a string or a number (else the body's first line);
/// - body: `body`, `content`, `text`, `textContent` (Google Keep), `note`, `markdown`; Keep checklists
///   (`listContent`) become `- [ ]` lines;
/// - tags: `tags`, `labels`, `keywords`, as an array of strings, of `{"name": …}` objects, or a comma string;
/// - dates: `created`, `created_at`, `createdAt`, `creationDate`, `createdTimestampUsec`, `date` and
///   `modified`, `updated_at`, `updatedAt`, `modified_at`, `lastModified`, `modifiedDate`,
///   `userEditedTimestampUsec`, as ISO 8601 or Unix seconds, milliseconds or microseconds.
/// Objects marked trashed (`isTrashed`, `trashed`, `deleted` true) are left out.
///
/// Files are read as streams: one note object is in memory at a time, whatever the file holds.
package enum JSONNoteReader {
    static let titleKeys = ["title", "name", "subject"]
    static let bodyKeys = ["body", "content", "text", "textContent", "note", "markdown"]
    static let tagKeys = ["tags", "labels", "keywords"]
    static let createdKeys = ["created", "created_at", "createdAt", "creationDate", "createdTimestampUsec", "date"]
    static let modifiedKeys = ["modified", "updated_at", "updatedAt", "modified_at", "lastModified", "modifiedDate",
                               "userEditedTimestampUsec", "updated"]
    static let wrapperKeys: Set<String> = ["activeNotes", "notes", "items", "entries"]
    static let ignoredKeys: Set<String> = ["trashedNotes"]

    /// The notes in `text`, a `.json` (or, with `jsonLines`, `.jsonl`) file at `path`; `modified` dates the
    /// notes that carry no date of their own.
    ///
    /// Throws ``NoteReadError`` naming what is wrong: malformed JSON (with its line), a top level that is not
    /// an object or array, no note fields anywhere, or a Standard Notes backup whose notes are all encrypted. In JSON Lines a malformed line is skipped (see
    /// ``read(bytes:path:jsonLines:map:emit:warn:)``) unless no line is readable.
    package static func notes(text: String, path: String, jsonLines: Bool, modified: Date?) throws -> [Note] {
        var notes: [Note] = []
        try read(bytes: Array(text.utf8), path: path, jsonLines: jsonLines, emit: { note in
            var dated = note
            if dated.modified == nil { dated.modified = modified }
            notes.append(dated)
        }, warn: { _ in })
        return notes
    }

    /// Streams the notes of a JSON or JSON Lines file to `emit`, one at a time, with their own dates only.
    /// `map`, when given, says where the fields are instead of the common names. A malformed JSON Lines
    /// line goes to `warn` (`malformed JSON at line 3 (…); line skipped`) and reading goes on; so do the
    /// encrypted notes of a Standard Notes backup that also holds readable ones (one warning with their count).
    package static func read(bytes: [UInt8], path: String, jsonLines: Bool, map: JSONFieldMap? = nil,
                            emit: (Note) throws -> Void, warn: (NoteReadWarning) -> Void) throws {
        try withoutActuallyEscaping(emit) { emit in
            try read(bytes: bytes, path: path, jsonLines: jsonLines, map: map, counter: NoteCounter(emit: emit), warn: warn)
        }
    }

    private static func read(bytes: [UInt8], path: String, jsonLines: Bool, map: JSONFieldMap?,
                             counter start: NoteCounter, warn: (NoteReadWarning) -> Void) throws {
        var counter = start
        if jsonLines {
            try readLines(bytes, path: path, map: map, counter: &counter, warn: warn)
        } else {
            do {
                try readDocument(bytes, path: path, map: map, counter: &counter)
            } catch let syntax as JSONParser.SyntaxError {
                // Some exporters write JSON Lines into a .json file.
                var lines = NoteCounter(emit: counter.emit)
                if counter.emitted == 0,
                   (try? readLines(bytes, path: path, map: map, counter: &lines, warn: { _ in }, strict: true)) != nil,
                   lines.objects > 1 {
                    return
                }
                throw NoteReadError("malformed JSON at line \(syntax.line) (\(syntax.message))")
            }
        }
        if counter.emitted == 0 && counter.encrypted > 0 {
            throw NoteReadError("encrypted Standard Notes backup; export a decrypted backup to index it")
        }
        if counter.encrypted > 0 {
            let notes = counter.encrypted == 1 ? "1 encrypted note" : "\(counter.encrypted) encrypted notes"
            warn(NoteReadWarning("\(notes) skipped (a partly encrypted Standard Notes backup); export a decrypted backup to index \(counter.encrypted == 1 ? "it" : "them")",
                                 part: .notes(counter.encrypted)))
        }
        if counter.emitted == 0 && counter.fieldless > 0 {
            throw NoteReadError(map == nil ? "no note fields (expected title/body/content/text)"
                                           : "no note has the mapped fields")
        }
    }

    private static func readDocument(_ bytes: [UInt8], path: String, map: JSONFieldMap?, counter: inout NoteCounter) throws {
        var parser = JSONParser(bytes: bytes)
        var standardNotesTags: StandardNotesReader.TagIndex?
        if map == nil, StandardNotesReader.mayBeBackup(bytes) {
            standardNotesTags = try StandardNotesReader.tagIndex(bytes)
        }
        try parser.streamNotes(wrapperKeys: wrapperKeys, ignoredKeys: ignoredKeys) { node, line, layout in
            guard let object = node.objectValue else {
                throw NoteReadError("expected note objects, found \(node.kind)")
            }
            if let map {
                try counter.take(try map.note(from: object, path: path, line: line))
            } else if layout == .wrapped("items"), let tags = standardNotesTags, object["content_type"] != nil {
                if StandardNotesReader.isEncryptedNote(object) { counter.encrypted += 1 }
                try counter.takeKnown(StandardNotesReader.note(from: object, tags: tags, path: path, line: line))
            } else if layout == .wrapped("entries"), DayOneReader.isEntry(object) {
                try counter.takeKnown(DayOneReader.note(from: object, path: path, line: line))
            } else {
                try counter.take(isTrashed(object) ? .some(nil) : note(from: object, path: path, line: line))
            }
        }
    }

    /// JSON Lines: one document a line (LF or CRLF); blank lines are skipped, and so is a malformed line, with
    /// a warning, unless `strict` (or unless no line at all is readable).
    static func readLines(_ bytes: [UInt8], path: String, map: JSONFieldMap?, counter: inout NoteCounter,
                          warn: (NoteReadWarning) -> Void, strict: Bool = false) throws {
        var firstError: NoteReadError?
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            let stop = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            defer { start = stop + 1 }
            var parser = JSONParser(bytes: bytes, start: start, end: stop)
            guard parser.peek() != nil else { continue }
            do {
                let node = try parser.document()
                counter.objects += 1
                guard let object = node.objectValue else { throw NoteReadError("expected note objects, found \(node.kind)") }
                if let map {
                    try counter.take(try map.note(from: object, path: path, line: lineNumber))
                } else {
                    try counter.take(isTrashed(object) ? .some(nil) : note(from: object, path: path, line: lineNumber))
                }
            } catch let syntax as JSONParser.SyntaxError {
                let problem = NoteReadError("malformed JSON at line \(lineNumber) (\(syntax.message))")
                if strict { throw problem }
                firstError = firstError ?? problem
                warn(NoteReadWarning(problem.reason + "; line skipped"))
            }
        }
        if let firstError, counter.objects == 0 { throw firstError }
    }

    /// The note of one exported object, or `nil` when it has none of the note fields.
    static func note(from object: [String: JSONNode], path: String, line: Int) -> Note?? {
        let title = titleKeys.lazy.compactMap { JSONNoteFields.title(object[$0]) }.first
        var body = JSONNoteFields.text(object, bodyKeys)
        if body == nil, let items = object["listContent"]?.arrayValue {
            body = items.map { item in
                "- [\(item["isChecked"]?.isTrue == true ? "x" : " ")] " + (item["text"]?.stringValue ?? "")
            }.joined(separator: "\n")
        }
        guard title != nil || body != nil else { return nil }
        let tags = tagKeys.lazy.map { JSONNoteFields.tags(object[$0]) }.first { !$0.isEmpty } ?? []
        return JSONNoteFields.note(path: path, line: line, title: title, body: body ?? "", tags: tags,
                                   created: JSONNoteFields.date(object, createdKeys),
                                   modified: JSONNoteFields.date(object, modifiedKeys))
    }

    static func isTrashed(_ object: [String: JSONNode]) -> Bool {
        ["isTrashed", "trashed", "deleted"].contains { object[$0]?.isTrue == true }
    }
}

/// Counts what a JSON file held while its notes are handed on.
struct NoteCounter {
    let emit: (Note) throws -> Void
    /// Notes handed on.
    var emitted = 0
    /// Objects without any note field.
    var fieldless = 0
    /// Documents read (JSON Lines).
    var objects = 0
    /// Encrypted Standard Notes notes, which cannot be read.
    var encrypted = 0

    /// Hands on `outcome`: a note, `.some(nil)` for one deliberately left out (trashed), `nil` for no fields.
    mutating func take(_ outcome: Note??) throws {
        switch outcome {
        case .some(.some(let note)): emitted += 1; try emit(note)
        case .some(.none): break
        case .none: fieldless += 1
        }
    }

    /// Hands on a note a format reader has already judged (`nil`: not a note, or trashed).
    mutating func takeKnown(_ note: Note?) throws {
        if let note { emitted += 1; try emit(note) }
    }
}
