import CSQLite
import NotesTokenizer

/// The loadable-extension entry point: `.load libNotesFTSExtension` in the sqlite3 shell (SQLite derives the
/// name `sqlite3_notesftsextension_init` from the file name), `conn.load_extension(...)` in Python/Datasette.
///
/// It registers the CJK tokenizer (``CJKTokenizer/name`` and its legacy aliases) on the connection, so a
/// notes-fts index can be queried and even written from any SQLite client that loads it.
///
/// The library calls SQLite directly rather than through the `sqlite3_api_routines` table, so the host must
/// use the same shared `libsqlite3` (true of the Debian/Ubuntu sqlite3 shell and Python's `sqlite3` module).
@_cdecl("sqlite3_notesftsextension_init")
public func sqlite3_notesftsextension_init(
    _ db: OpaquePointer?, _ errorMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ api: OpaquePointer?
) -> Int32 {
    guard let db else { return SQLITE_MISUSE }
    let result = CJKTokenizer.register(on: db)
    if result != SQLITE_OK, let errorMessage {
        // The message must come from sqlite3_malloc: SQLite frees it (sqlite3_mprintf is variadic).
        let text = Array("notes-fts: cannot register the \(CJKTokenizer.name) tokenizer (is FTS5 available?)".utf8CString)
        if let buffer = sqlite3_malloc(Int32(text.count))?.assumingMemoryBound(to: CChar.self) {
            buffer.update(from: text, count: text.count)
            errorMessage.pointee = buffer
        }
    }
    return result
}
