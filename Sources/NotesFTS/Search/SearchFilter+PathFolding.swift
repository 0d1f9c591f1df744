import CSQLite
import SQLiteKit

extension SearchFilter {
    /// The SQL function `notes_fold(text)`: `text` as ``CaseFolding/folded(_:)`` folds it, so that `path:`
    /// filters are case-insensitive beyond ASCII (`path:äpfel` finds `Äpfel/`), where SQLite's `lower()` folds
    /// ASCII only. A path of ASCII letters, digits and punctuation (most paths) is folded in place, byte by
    /// byte, without a Swift string; only other paths go through Unicode's tables.
    static let foldFunction = "notes_fold"

    /// Registers ``foldFunction`` on `db`; ``NoteIndex`` does it on every connection it opens (the writer, a
    /// read-only connection, each of the ``ReaderPool``'s readers), as it registers the tokenizer.
    static func registerFolding(on db: Connection) throws {
        guard let handle = db.handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "connection is closed") }
        let result = sqlite3_create_function_v2(
            handle, foldFunction, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nil,
            { context, count, values in
                guard let context, count == 1, let value = values?[0] else { return }
                SearchFilter.fold(value, into: context)
            }, nil, nil, nil)
        guard result == SQLITE_OK else {
            throw SQLiteError(code: result, message: "cannot register \(foldFunction)(): \(String(cString: sqlite3_errstr(result)))")
        }
    }

    /// Sets `context`'s result to `value` folded: NULL stays NULL, ASCII without control characters is folded
    /// directly (returned as it is when it holds no capital), anything else through ``CaseFolding/folded(_:)``.
    private static func fold(_ value: OpaquePointer, into context: OpaquePointer) {
        guard let text = sqlite3_value_text(value) else { return sqlite3_result_null(context) }
        let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
        var capitals = false
        for byte in bytes {
            if byte >= 0x80 || byte < 0x20 || byte == 0x7F {
                var folded = CaseFolding.folded(String(decoding: bytes, as: UTF8.self))
                return folded.withUTF8 { result($0, context) }
            }
            if byte >= 0x41 && byte <= 0x5A { capitals = true }
        }
        guard capitals else { return sqlite3_result_value(context, value) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte }
            result(UnsafeBufferPointer(buffer), context)
        }
    }

    /// Sets `context`'s result to the UTF-8 text `bytes` (copied).
    private static func result(_ bytes: UnsafeBufferPointer<UInt8>, _ context: OpaquePointer) {
        bytes.withMemoryRebound(to: CChar.self) { chars in
            guard let base = chars.baseAddress else { return sqlite3_result_text(context, "", 0, csqlite_transient()) }
            sqlite3_result_text(context, base, Int32(chars.count), csqlite_transient())
        }
    }
}

