import CSQLite

/// A prepared statement: bind parameters, step through rows, read typed columns, reset and reuse.
///
/// Statements come from ``Connection/prepare(_:)`` (owned by the caller, finalized on deinit) or from
/// ``Connection/cached(_:)`` (owned by the connection's cache and finalized when it closes).
/// Every `step` failure throws an ``SQLiteError`` that carries the statement's SQL.
public final class Statement {
    /// The underlying `sqlite3_stmt*`, for the rare call SQLiteKit does not wrap.
    public private(set) var handle: OpaquePointer?
    /// The SQL text the statement was prepared from.
    public let sql: String
    private let db: OpaquePointer

    init(db: OpaquePointer, sql: String) throws {
        self.db = db
        self.sql = sql
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v3(db, sql, -1, 0, &statement, nil)
        guard result == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw SQLiteError(result: result, db: db, sql: sql)
        }
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "empty SQL statement", sql: sql)
        }
        handle = statement
    }

    deinit { finalize() }

    /// Releases the statement; later use throws `SQLITE_MISUSE`. Called by the connection before it closes.
    public func finalize() {
        if let handle { sqlite3_finalize(handle) }
        handle = nil
    }

    private func live() throws -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "statement used after finalize", sql: sql)
        }
        return handle
    }

    /// The number of `?` parameters the statement takes.
    public var parameterCount: Int32 { handle.map { sqlite3_bind_parameter_count($0) } ?? 0 }

    /// Binds `value` to the 1-based parameter `index`. Text is bound whole, NUL bytes included (so `"read\0"`
    /// is the first string after `"read"` in byte order).
    public func bind(_ value: SQLiteValue, at index: Int32) throws {
        let statement = try live()
        let result: Int32
        switch value {
        case .null: result = sqlite3_bind_null(statement, index)
        case .integer(let number): result = sqlite3_bind_int64(statement, index, number)
        case .real(let number): result = sqlite3_bind_double(statement, index, number)
        case .text(let text):
            // The whole string, by its byte count: a NUL inside it is kept, not taken for the end.
            result = sqlite3_bind_text64(statement, index, text, sqlite3_uint64(text.utf8.count), csqlite_transient(),
                                         UInt8(SQLITE_UTF8))
        case .blob(let bytes):
            result = bytes.withUnsafeBytes { raw in
                sqlite3_bind_blob64(statement, index, raw.baseAddress, sqlite3_uint64(raw.count), csqlite_transient())
            }
        }
        guard result == SQLITE_OK else { throw SQLiteError(result: result, db: db, sql: sql) }
    }

    /// Resets the statement, clears old bindings and binds `values` to parameters 1...n.
    ///
    /// A count that differs from ``parameterCount`` is a programming error reported as `SQLITE_RANGE`.
    public func bind(_ values: [SQLiteValue]) throws {
        try clearBindings(expecting: values.count)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Resets the statement, clears old bindings and binds each named parameter (`:name`, spelled with its
    /// prefix) to its value.
    ///
    /// A name the statement lacks, or a parameter of the statement left unbound, is a programming error
    /// reported as `SQLITE_RANGE`.
    public func bind(_ values: [String: SQLiteValue]) throws {
        let statement = try clearBindings(expecting: values.count)
        for (name, value) in values {
            let index = sqlite3_bind_parameter_index(statement, name)
            guard index > 0 else {
                throw SQLiteError(code: SQLITE_RANGE, message: "statement has no parameter \(name)", sql: sql)
            }
            try bind(value, at: index)
        }
    }

    /// Resets the statement and clears its bindings, checking it takes `count` parameters.
    @discardableResult
    private func clearBindings(expecting count: Int) throws -> OpaquePointer {
        try reset()
        let statement = try live()
        sqlite3_clear_bindings(statement)
        guard Int32(count) == sqlite3_bind_parameter_count(statement) else {
            throw SQLiteError(
                code: SQLITE_RANGE,
                message: "statement takes \(sqlite3_bind_parameter_count(statement)) parameters, \(count) given",
                sql: sql)
        }
        return statement
    }

    /// Advances to the next row: `true` when a row is ready to read, `false` when the statement is done.
    @discardableResult
    public func step() throws -> Bool {
        let statement = try live()
        let result = sqlite3_step(statement)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(result: result, db: db, sql: sql)
            sqlite3_reset(statement)
            throw error
        }
    }

    /// The current row of a statement stepped by ``forEachRow(_:)``: typed columns read straight from SQLite,
    /// without the statement's checks on every column (for loops over many rows). Valid only during the call
    /// that hands it out.
    public struct Row {
        fileprivate let handle: OpaquePointer

        /// Column `index` as a 64-bit integer (0 for NULL, as SQLite converts).
        public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

        /// Column `index` as an `Int`.
        public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

        /// Column `index` as a double.
        public func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

        /// Column `index` as text, or `nil` when it is NULL; invalid UTF-8 is repaired with U+FFFD.
        public func text(_ index: Int32) -> String? {
            guard sqlite3_column_type(handle, index) != SQLITE_NULL, let bytes = sqlite3_column_text(handle, index) else {
                return nil
            }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index))), as: UTF8.self)
        }
    }

    /// Steps through the statement's rows to `SQLITE_DONE`, handing each to `body` as a ``Row``, then resets
    /// it (bindings are kept); a failed step throws as ``step()`` does.
    public func forEachRow(_ body: (Row) throws -> Void) throws {
        let statement = try live()
        defer { sqlite3_reset(statement) }
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { return }
            guard result == SQLITE_ROW else { throw SQLiteError(result: result, db: db, sql: sql) }
            try body(Row(handle: statement))
        }
    }

    /// Steps until `SQLITE_DONE`, discarding any rows; the usual way to run a write.
    public func run() throws {
        while try step() {}
    }

    /// Rewinds the statement so it can be stepped again (bindings are kept).
    public func reset() throws {
        let statement = try live()
        sqlite3_reset(statement)
    }

    /// Whether the statement is on a row: stepped, and neither run to its end nor reset since
    /// (`sqlite3_stmt_busy`). A statement shared through ``Connection/cached(_:)`` may have been moved by
    /// other code; this says where it is now.
    public var isOnRow: Bool { handle.map { sqlite3_stmt_busy($0) != 0 } ?? false }

    /// The number of columns in a result row.
    public var columnCount: Int32 { handle.map { sqlite3_column_count($0) } ?? 0 }

    /// The name of column `index` (0-based).
    public func columnName(_ index: Int32) -> String {
        guard let handle, let name = sqlite3_column_name(handle, index) else { return "" }
        return String(cString: name)
    }

    /// `true` when column `index` of the current row is NULL.
    public func isNull(_ index: Int32) -> Bool {
        guard let handle else { return true }
        return sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` as a 64-bit integer (0 for NULL, as SQLite converts).
    public func int64(_ index: Int32) -> Int64 {
        guard let handle else { return 0 }
        return sqlite3_column_int64(handle, index)
    }

    /// Column `index` as an `Int`.
    public func int(_ index: Int32) -> Int { Int(int64(index)) }

    /// Column `index` as a double.
    public func double(_ index: Int32) -> Double {
        guard let handle else { return 0 }
        return sqlite3_column_double(handle, index)
    }

    /// Column `index` as text, or `nil` when it is NULL. Invalid UTF-8 is repaired with U+FFFD.
    public func text(_ index: Int32) -> String? {
        guard let handle, sqlite3_column_type(handle, index) != SQLITE_NULL,
              let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` as bytes, or `nil` when it is NULL.
    public func blob(_ index: Int32) -> [UInt8]? {
        guard let handle, sqlite3_column_type(handle, index) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Calls `body` with column `index`'s bytes in place (empty for NULL or an empty blob), without copying
    /// them; the buffer is valid only during the call.
    public func withBlob<T>(_ index: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        guard let handle, sqlite3_column_type(handle, index) != SQLITE_NULL else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, index), count: count))
    }

    /// Column `index` as an ``SQLiteValue`` of whatever type SQLite holds.
    public func value(_ index: Int32) -> SQLiteValue {
        guard let handle else { return .null }
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: return text(index).map(SQLiteValue.text) ?? .null
        case SQLITE_BLOB: return blob(index).map(SQLiteValue.blob) ?? .null
        default: return .null
        }
    }
}
