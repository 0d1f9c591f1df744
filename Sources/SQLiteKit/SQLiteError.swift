import CSQLite

/// The one error type of SQLiteKit: what SQLite said, with the codes and the SQL that produced it.
///
/// `code` is the primary result code (`SQLITE_CONSTRAINT`), `extendedCode` the extended one
/// (`SQLITE_CONSTRAINT_UNIQUE`), `message` SQLite's own text (`sqlite3_errmsg`) and `sql` the statement
/// being prepared or run, when there was one.
///
/// ```swift
/// do { try db.execute("SELEC 1") }
/// catch let error as SQLiteError { print(error.message, error.sql ?? "") }
/// ```
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The primary result code, e.g. `SQLITE_ERROR` (1) or `SQLITE_BUSY` (5).
    public let code: Int32
    /// The extended result code, e.g. `SQLITE_CONSTRAINT_UNIQUE` (2067); equal to `code` when there is none.
    public let extendedCode: Int32
    /// SQLite's message for the failure.
    public let message: String
    /// The SQL statement involved, if any.
    public let sql: String?
    /// The operating system's `errno` behind an I/O failure (`sqlite3_system_errno`; ENOSPC for a full
    /// disk), or 0.
    public var systemErrno: Int32 = 0

    /// Creates an error from explicit parts; the library builds these from a connection's state.
    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// Reads the current error of `db` (the message and extended code of the last failed call).
    init(result: Int32, db: OpaquePointer?, sql: String?) {
        let extended = db.map { sqlite3_extended_errcode($0) } ?? result
        let message: String
        if let db, let text = sqlite3_errmsg(db) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(result))
        }
        self.init(code: result & 0xFF, extendedCode: extended, message: message, sql: sql)
        systemErrno = db.map { sqlite3_system_errno($0) } ?? 0
    }

    /// `SQLITE_BUSY` or `SQLITE_LOCKED`: another connection holds the lock.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// `SQLITE_FULL`, or an I/O error whose `errno` is ENOSPC: the disk is full.
    public var isDiskFull: Bool {
        code == SQLITE_FULL || (code == SQLITE_IOERR && (systemErrno == 28 /* ENOSPC */ || message.lowercased().contains("no space")))
    }

    /// `SQLITE_CORRUPT` or `SQLITE_NOTADB`: the file is damaged or is not a database at all.
    public var isCorruptOrNotADatabase: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// A one-line description: the message, the codes and, when known, the SQL.
    public var description: String {
        var text = "SQLite error \(code)"
        if extendedCode != code { text += "/\(extendedCode)" }
        text += ": \(message)"
        if let sql { text += " (in: \(sql.split(whereSeparator: \.isNewline).joined(separator: " ")))" }
        return text
    }
}
