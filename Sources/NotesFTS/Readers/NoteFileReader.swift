#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads one file from disk and turns it into notes, choosing the reader by extension.
package enum NoteFileReader {
    /// Files larger than this are skipped with a warning: no personal note is this large, and reading one
    /// would hold it in memory whole.
    package static let maximumFileSize: Int64 = 32 * 1024 * 1024

    /// The bytes of the file at `path`. Throws ``NoteReadError`` with the reason (`permission denied`, …).
    ///
    /// Never blocks on a special file: the file is opened without blocking and refused unless the opened
    /// file is a regular one (a path the walker saw as a file may be a FIFO by the time it is read).
    package static func bytes(at path: String) throws -> [UInt8] {
        let (descriptor, info) = try openRegularFile(path)
        defer { close(descriptor) }
        if Int64(info.st_size) > maximumFileSize {
            throw NoteReadError("too large (\(Int64(info.st_size) / 1_048_576) MiB; the limit is \(maximumFileSize / 1_048_576) MiB)")
        }
        // One byte more than the file: the read that finds the end fits, so a file that did not grow is read
        // into one allocation (appending to a full array would double it: 2× the file for a large export).
        var buffer = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: 4096)) }
            let count = buffer.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress! + filled, raw.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw NoteReadError(FileWalker.describe(errno))
            }
            if count == 0 { break }
            filled += count
        }
        buffer.removeSubrange(filled...)
        return buffer
    }

    /// At most the first `count` bytes of the file at `path`, or `nil` when it cannot be read or is not a
    /// regular file (never blocks, as ``bytes(at:)``).
    package static func head(at path: String, count: Int) -> [UInt8]? {
        guard let (descriptor, _) = try? openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
        return read < 0 ? nil : Array(buffer.prefix(read))
    }

    /// Opens `path` for reading without blocking and checks the opened file is a regular one; returns the
    /// descriptor (the caller closes it) and its `fstat`.
    private static func openRegularFile(_ path: String) throws -> (Int32, stat) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw NoteReadError(FileWalker.describe(errno)) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw NoteReadError(FileWalker.describe(code))
        }
        if let kind = specialKind(info.st_mode) {
            close(descriptor)
            throw NoteReadError("not a regular file (\(kind))")
        }
        return (descriptor, info)
    }

    /// What a non-regular file is, for the message; `nil` for a regular file.
    static func specialKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "a special file"
        }
    }

    /// Decodes `bytes` as UTF-8 (dropping a byte-order mark) or throws `invalid UTF-8 at byte N`, or
    /// names UTF-16 (by its byte-order mark, or by the zero bytes every other byte of ASCII text has).
    package static func decode(_ bytes: [UInt8]) throws -> String {
        if let order = utf16ByteOrder(bytes) { throw NoteReadError("UTF-16 text (\(order)); save it as UTF-8") }
        var slice = bytes[...]
        if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
        if let text = String(validating: slice, as: UTF8.self) { return text }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = slice.makeIterator()
        var offset = slice.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return String(decoding: slice, as: UTF8.self)
            case .error: throw NoteReadError("invalid UTF-8 at byte \(offset); save it as UTF-8")
            }
        }
    }

    /// `little-endian` or `big-endian` when `bytes` look like UTF-16 text, else `nil`.
    static func utf16ByteOrder(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) { return "little-endian" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "big-endian" }
        let head = bytes.prefix(64)
        guard head.count >= 4 else { return nil }
        let even = stride(from: 0, to: head.count, by: 2).filter { head[$0] == 0 }.count
        let odd = stride(from: 1, to: head.count, by: 2).filter { head[$0] == 0 }.count
        let half = head.count / 2
        if odd * 4 >= half * 3 && even == 0 { return "little-endian" }
        if even * 4 >= half * 3 && odd == 0 { return "big-endian" }
        return nil
    }

    /// A kind of note file, chosen by extension.
    package enum Format: Sendable, Equatable {
        /// `.txt`: one note.
        case text
        /// `.md`, `.markdown`: one note, with front matter and the conventions of note apps.
        case markdown
        /// `.json`: one note, an array of notes or an export wrapping them.
        case json
        /// `.jsonl`: one note object a line.
        case jsonLines
        /// `.rst`, `.rest`.
        case restructuredText
        /// `.adoc`, `.asciidoc`, `.asc`.
        case asciiDoc
        /// `.org`.
        case org
        /// `.html`, `.htm`.
        case html
        /// `.enex`: an Evernote export of many notes.
        case evernote

        /// Whether a note's body keeps the lines of its file, so that the line of a match is the note's line plus
        /// the newlines before the match. Not so where the body is decoded from the file (a JSON string's `\n`
        /// escapes, the text of HTML or an Evernote export): a match there is reported at the note's own line.
        package var keepsLines: Bool {
            switch self {
            case .text, .markdown, .restructuredText, .asciiDoc, .org: return true
            case .json, .jsonLines, .html, .evernote: return false
            }
        }
    }

    /// The extensions read as notes (lowercase, without the dot), and their formats.
    package static let formats: [String: Format] = [
        "txt": .text, "md": .markdown, "markdown": .markdown, "json": .json, "jsonl": .jsonLines,
        "rst": .restructuredText, "rest": .restructuredText, "adoc": .asciiDoc, "asciidoc": .asciiDoc,
        "asc": .asciiDoc, "org": .org, "html": .html, "htm": .html, "enex": .evernote,
    ]

    /// The format of the file at `path`, by its extension; `nil` for files that are not notes.
    package static func format(of path: String) -> Format? {
        // Byte searches: Foundation's `contains` on a substring cost a ranked search about 1 µs a result.
        guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")),
              !path.utf8[dot...].contains(UInt8(ascii: "/")) else { return nil }
        return formats[String(decoding: path.utf8[path.utf8.index(after: dot)...], as: UTF8.self).lowercased()]
    }

    /// The notes of a file's `bytes`; `modified` is the file's time, used where the content gives none.
    package static func notes(bytes: [UInt8], path: String, modified: Date?) throws -> [Note] {
        var notes: [Note] = []
        try read(bytes: bytes, path: path, dates: FileDates(path: path, modified: modified),
                 emit: { notes.append($0) }, warn: { _ in })
        return notes
    }

    /// Streams the notes of a file's `bytes` to `emit`, one at a time (a JSON file of a million notes never
    /// holds more than one), with their dates completed from `dates` (``FileDates``). `map` says where a
    /// JSON export keeps its fields (``JSONFieldMap``); problems that skip part of a file (a malformed JSON
    /// Lines line, the encrypted notes of a partly encrypted backup) go to `warn`. Throws ``NoteReadError`` when the file cannot be read as notes.
    package static func read(bytes: [UInt8], path: String, dates: FileDates, map: JSONFieldMap? = nil,
                            emit: (Note) throws -> Void, warn: (NoteReadWarning) -> Void) throws {
        var format = format(of: path) ?? .text
        let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...] // without a UTF-8 BOM
        if format == .text, content.first(where: { $0 > 0x20 }) == UInt8(ascii: "{"), StandardNotesReader.isBackup(bytes) {
            format = .json // a Standard Notes backup keeps its ".txt" name; any other .txt is a text note
        }
        if format == .json || format == .jsonLines {
            _ = try decode(bytes) // only to refuse invalid UTF-8 with its offset, as for every other file
            try JSONNoteReader.read(bytes: Array(content),
                                    path: path, jsonLines: format == .jsonLines, map: map, emit: { note in
                var dated = note
                dates.complete(&dated)
                try emit(dated)
            }, warn: warn)
            return
        }
        let text = try decode(bytes)
        for var note in try notes(text: text, path: path, format: format) {
            dates.complete(&note)
            try emit(note)
        }
    }

    /// The notes of a text-based format (everything but JSON), with their own dates only.
    static func notes(text: String, path: String, format: Format) throws -> [Note] {
        switch format {
        case .text, .markdown, .json, .jsonLines:
            return [TextNoteReader.note(text: text, path: path, isMarkdown: format == .markdown, modified: nil)]
        case .restructuredText: return [RestructuredTextReader.note(text: text, path: path)]
        case .asciiDoc: return [AsciiDocReader.note(text: text, path: path)]
        case .org: return [OrgModeReader.note(text: text, path: path)]
        case .html: return [HTMLNoteReader.note(text: text, path: path)]
        case .evernote: return try EvernoteReader.notes(text: text, path: path)
        }
    }
}

#if canImport(Glibc)
/// `read(2)` (the name is taken by ``NoteFileReader/read(bytes:path:dates:map:emit:warn:)`` inside the type).
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
