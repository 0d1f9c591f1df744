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
    package static func bytes(at path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw NoteReadError(FileWalker.describe(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw NoteReadError(FileWalker.describe(errno)) }
        if Int64(info.st_size) > maximumFileSize {
            throw NoteReadError("too large (\(Int64(info.st_size) / 1_048_576) MiB; the limit is \(maximumFileSize / 1_048_576) MiB)")
        }
        var buffer = [UInt8](repeating: 0, count: max(Int(info.st_size), 0))
        var filled = 0
        while true {
            if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: 4096)) }
            let count = buffer.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress! + filled, raw.count - filled)
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

    /// Decodes `bytes` as UTF-8 (dropping a byte-order mark) or throws `invalid UTF-8 at byte N`.
    package static func decode(_ bytes: [UInt8]) throws -> String {
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

    /// The notes of a file's `bytes`; `modified` is the file's time, used where the content gives none.
    package static func notes(bytes: [UInt8], path: String, modified: Date?) throws -> [Note] {
        let text = try decode(bytes)
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".jsonl") {
            return try JSONNoteReader.notes(text: text, path: path, jsonLines: true, modified: modified)
        }
        if lowercased.hasSuffix(".json") {
            return try JSONNoteReader.notes(text: text, path: path, jsonLines: false, modified: modified)
        }
        let markdown = lowercased.hasSuffix(".md") || lowercased.hasSuffix(".markdown")
        return [TextNoteReader.note(text: text, path: path, isMarkdown: markdown, modified: modified)]
    }
}
