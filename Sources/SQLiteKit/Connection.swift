import CSQLite

/// One connection to an SQLite database file, configured the way DESIGN.md asks.
///
/// Opening sets extended result codes on, double-quoted string literals off, a busy timeout, and (for
/// read-write connections) `journal_mode=WAL` and `synchronous=NORMAL`. A connection is not thread-safe:
/// keep it on one task or thread (one writer connection per process).
///
/// ```swift
/// let db = try Connection(path: "/tmp/notes.sqlite")
/// try db.execute("CREATE TABLE IF NOT EXISTS t(x)")
/// try db.run("INSERT INTO t(x) VALUES(?)", ["hello"])
/// let count = try db.scalarInt("SELECT count(*) FROM t")
/// ```
public final class Connection {
    /// How the file is opened.
    public enum Mode: Sendable {
        /// Read and write, creating the file when it does not exist.
        case readWriteCreate
        /// Read and write an existing file.
        case readWrite
        /// Read only; writes fail with `SQLITE_READONLY`.
        case readOnly
    }

    /// Settings applied when the connection opens; the defaults are the project's measured choices.
    public struct Configuration: Sendable {
        /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
        public var busyTimeoutMilliseconds: Int32 = 5_000
        /// Page cache size in KiB (applied as a negative `cache_size`); `nil` keeps SQLite's default.
        public var cacheSizeKiB: Int? = nil
        /// Bytes of the file to memory-map; `nil` keeps SQLite's default (0).
        public var mmapSize: Int? = nil
        /// `PRAGMA synchronous` for read-write connections.
        public var synchronous: String = "NORMAL"
        /// Whether a read-write open switches the file to WAL at once; `false` leaves it to
        /// ``Connection/switchToWAL()``, for callers that first check the file is theirs (the switch
        /// rewrites the file's header).
        public var switchesToWAL = true
        /// Open a read-only connection as `immutable` (SQLite's URI parameter): no locks and no `-shm` file,
        /// so a WAL database in a folder the user cannot write can be read; the caller must know that no
        /// other process writes it meanwhile.
        public var immutable = false
        /// Accept `file:` URIs (`SQLITE_OPEN_URI`), so ``attach(_:as:readOnly:)`` can attach a file read-only.
        /// The connection's own path is then opened as a URI too, so a path that looks like one still names
        /// the same file.
        public var acceptsURIs = false
        /// Fail at open with a clear message when SQLite lacks the FTS5 extension.
        public var requireFTS5: Bool = true
        /// Creates the default configuration.
        public init() {}
    }

    /// The underlying `sqlite3*`, for calls SQLiteKit does not wrap (such as registering an FTS5 tokenizer).
    public private(set) var handle: OpaquePointer?
    /// The path the connection was opened with.
    public let path: String
    /// The mode the connection was opened with.
    public let mode: Mode
    /// Whether it was opened accepting `file:` URIs (``Configuration/acceptsURIs``).
    public let acceptsURIs: Bool
    /// The configuration it was opened with: a second connection to the same file opens with it.
    public let configuration: Configuration
    private var statementCache: [String: Statement] = [:]
    /// Objects kept with the connection by the layers above (``attachment(_:make:)``).
    private var attachments: [String: AnyObject] = [:]
    var savepointDepth = 0
    /// How many outermost transactions ``transaction(_:_:)`` has begun on this connection (a savepoint
    /// inside one does not count; a `BEGIN` run as SQL does not either). Whether a transaction began after
    /// some moment: the count then is below the count now.
    public internal(set) var transactionsBegun = 0

    /// Opens (or creates) the database at `path` and applies `configuration`.
    ///
    /// Throws ``SQLiteError`` when the file cannot be opened, is not a database, or lacks FTS5 while
    /// `configuration.requireFTS5` is set.
    public init(path: String, mode: Mode = .readWriteCreate, configuration: Configuration = Configuration()) throws {
        self.path = path
        self.mode = mode
        self.configuration = configuration
        var flags: Int32 = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        var target = path
        let immutable = mode == .readOnly && configuration.immutable
        acceptsURIs = configuration.acceptsURIs || immutable
        if acceptsURIs {
            flags |= SQLITE_OPEN_URI
            target = Self.uri(path) + (immutable ? "?immutable=1" : "")
        }
        var db: OpaquePointer?
        let result = sqlite3_open_v2(target, &db, flags, nil)
        guard result == SQLITE_OK, let db else {
            let error = SQLiteError(result: result, db: db, sql: nil)
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
        do {
            try configure(configuration)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    private func configure(_ configuration: Configuration) throws {
        guard let db = handle else { return }
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, configuration.busyTimeoutMilliseconds)
        _ = csqlite_db_config_int(db, SQLITE_DBCONFIG_DQS_DML, 0)
        _ = csqlite_db_config_int(db, SQLITE_DBCONFIG_DQS_DDL, 0)
        // Reading the schema here turns "file is not a database" into an error at open, not at first use.
        _ = try scalarInt("SELECT count(*) FROM sqlite_schema")
        if mode != .readOnly {
            if configuration.switchesToWAL { try switchToWAL() }
            try execute("PRAGMA synchronous=\(configuration.synchronous)")
        }
        if let cache = configuration.cacheSizeKiB { try execute("PRAGMA cache_size=-\(cache)") }
        if let mmap = configuration.mmapSize { try execute("PRAGMA mmap_size=\(mmap)") }
        if configuration.requireFTS5 && !hasFTS5 {
            throw SQLiteError(
                code: SQLITE_ERROR,
                message: "this SQLite (\(Connection.sqliteVersion)) was built without FTS5; install an SQLite with FTS5 enabled")
        }
    }


    /// Sets `journal_mode=WAL` (kept in the file); throws when SQLite cannot (a read-only file).
    public func switchToWAL() throws {
        let journal = try scalarText("PRAGMA journal_mode=WAL")
        if journal?.lowercased() != "wal" && journal?.lowercased() != "memory" {
            throw SQLiteError(code: SQLITE_ERROR, message: "could not switch to WAL (journal_mode is \(journal ?? "?"))")
        }
    }

    /// Finalizes every cached statement, then closes the connection. Safe to call twice.
    public func close() {
        attachments.removeAll()
        for statement in statementCache.values { statement.finalize() }
        statementCache.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// The object kept with this connection under `key`, made by `make` the first time: state a layer above
    /// ties to one connection (an FTS5 tokenizer instance created through it, say) so that it is made once,
    /// not for every query. Like the connection, it is used by one thread at a time; ``close()`` drops it.
    ///
    /// ```swift
    /// let tokenizer = try db.attachment("my.tokenizer") { try MyTokenizer(handle: db.handle!) }
    /// ```
    public func attachment<Value: AnyObject>(_ key: String, make: () throws -> Value) rethrows -> Value {
        if let kept = attachments[key] as? Value { return kept }
        let made = try make()
        attachments[key] = made
        return made
    }

    func live() throws -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "connection is closed") }
        return handle
    }

    /// The version of the SQLite library in use, e.g. `3.40.1`.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// Whether the FTS5 extension is available on this connection.
    public var hasFTS5: Bool {
        // fts5(NULL) is FTS5's own API-lookup function: it exists exactly when FTS5 does.
        (try? scalarValue("SELECT fts5(NULL)")) != nil
    }

    /// Runs one or more SQL statements that take no parameters (schema scripts, pragmas).
    public func execute(_ sql: String) throws {
        let db = try live()
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(db, sql, nil, nil, &message)
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) }
            sqlite3_free(message)
            throw SQLiteError(code: result & 0xFF, extendedCode: sqlite3_extended_errcode(db),
                              message: text ?? String(cString: sqlite3_errstr(result)), sql: sql)
        }
    }

    /// Prepares `sql` as a new statement owned by the caller.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(db: live(), sql: sql)
    }

    /// Returns the connection's cached statement for `sql`, preparing it on first use; it comes back reset.
    ///
    /// Do not hold a cached statement across another use of the same SQL text: both share one statement.
    public func cached(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            try statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs `sql` (cached) with `parameters` to completion and returns the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> Int {
        let statement = try cached(sql)
        try statement.bind(parameters)
        defer { try? statement.reset() }
        try statement.run()
        return changes
    }

    /// Runs the query `sql` (cached) and maps each row with `transform`.
    public func query<T>(_ sql: String, _ parameters: [SQLiteValue] = [], _ transform: (Statement) throws -> T) throws -> [T] {
        let statement = try cached(sql)
        try statement.bind(parameters)
        return try rows(of: statement, transform)
    }

    /// Runs the query `sql` (cached) with named parameters (`[":limit": 10]`) and maps each row with `transform`.
    public func query<T>(_ sql: String, named parameters: [String: SQLiteValue],
                         _ transform: (Statement) throws -> T) throws -> [T] {
        var rows: [T] = []
        try forEachRow(sql, named: parameters) { rows.append(try transform($0)) }
        return rows
    }

    /// Runs the query `sql` (cached) with named parameters and hands each row to `body` as it is stepped,
    /// holding none: for results printed as they come. `body` must not run the same SQL text (one statement).
    public func forEachRow(_ sql: String, named parameters: [String: SQLiteValue],
                           _ body: (Statement) throws -> Void) throws {
        let statement = try cached(sql)
        try statement.bind(parameters)
        defer { try? statement.reset() }
        while try statement.step() { try body(statement) }
    }

    private func rows<T>(of statement: Statement, _ transform: (Statement) throws -> T) throws -> [T] {
        defer { try? statement.reset() }
        var rows: [T] = []
        while try statement.step() { rows.append(try transform(statement)) }
        return rows
    }

    /// The first column of the first row of `sql`, or `nil` when there is no row or it is NULL.
    public func scalarValue(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> SQLiteValue? {
        let statement = try cached(sql)
        try statement.bind(parameters)
        defer { try? statement.reset() }
        guard try statement.step() else { return nil }
        let value = statement.value(0)
        return value == .null ? nil : value
    }

    /// The first column of the first row of `sql` as an integer, or `nil`.
    public func scalarInt(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> Int? {
        try scalarValue(sql, parameters)?.integerValue.map(Int.init)
    }

    /// The first column of the first row of `sql` as text, or `nil`.
    public func scalarText(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> String? {
        switch try scalarValue(sql, parameters) {
        case .text(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        default: return nil
        }
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { handle.map { Int(sqlite3_changes64($0)) } ?? 0 }

    /// The rowid of the most recent successful INSERT.
    public var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// `true` outside any transaction (SQLite's autocommit mode).
    public var isAutocommit: Bool { handle.map { sqlite3_get_autocommit($0) != 0 } ?? true }

    /// `true` while this connection holds a write transaction on the main database (`sqlite3_txn_state`):
    /// it has written, or began with `BEGIN IMMEDIATE`. What it wrote may still sit in a virtual table's
    /// memory (FTS5 keeps a writer's terms until it flushes them), out of the tables' pages.
    public var isWriting: Bool { handle.map { sqlite3_txn_state($0, "main") == SQLITE_TXN_WRITE } ?? false }

    /// `PRAGMA user_version`: the schema version the application stored in the file.
    public var userVersion: Int {
        get throws { try scalarInt("PRAGMA user_version") ?? 0 }
    }

    /// Sets `PRAGMA user_version`.
    public func setUserVersion(_ version: Int) throws {
        try execute("PRAGMA user_version=\(version)")
    }
}
