import CSQLite

/// FTS5's C API of a connection, for registering tokenizers and auxiliary functions.
public enum FTS5API {
    /// The `fts5_api` of the connection `db`, fetched the documented way (`SELECT fts5(?1)` with
    /// `sqlite3_bind_pointer`); `nil` when SQLite lacks FTS5.
    public static func of(_ db: OpaquePointer) -> UnsafeMutablePointer<fts5_api>? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        withUnsafeMutablePointer(to: &api) { pointer in
            if sqlite3_bind_pointer(statement, 1, pointer, csqlite_fts5_api_pointer_type(), nil) == SQLITE_OK {
                _ = sqlite3_step(statement)
            }
        }
        return api
    }
}
