import CSQLite
import Foundation
import NotesTokenizer
import SQLiteKit

/// An index of notes in one SQLite file: the library's main entry point.
///
/// Open it for writing (creating and migrating the file as needed) or read-only (for search), then add,
/// update, remove and search notes. A `NoteIndex` is `Sendable`: share one across tasks. Writes take turns
/// on its one writer connection; searches run in parallel on read-only connections (WAL lets them read
/// while the writer writes), opened as needed and reused.
///
/// ```swift
/// let index = try NoteIndex(path: "/tmp/notes.sqlite")
/// try index.save(Note(path: "app://1", title: "Groceries", body: "milk, eggs"))
/// let hits = try index.search("milk")
/// ```
public final class NoteIndex: @unchecked Sendable {
    // Sendable by construction: `connection` is used only while `lock` is held (``wrap(_:)``, or
    // ``read(_:)`` when it can take the lock), and reader connections belong to one caller at a time
    // (``ReaderPool``).

    /// How an index is opened.
    public enum Mode: Sendable {
        /// Create or upgrade the file as needed and allow writes.
        case readWrite
        /// Open an existing, current index for searching only.
        case readOnly
    }

    /// The file path of the index.
    public let path: String
    /// How the index was opened.
    public let mode: Mode
    /// The writer connection (the only connection of a read-only index until searches overlap). Outside
    /// tests and the benchmark, use it only inside ``wrap(_:)``.
    package let connection: Connection
    /// Held while `connection` is in use; recursive, so a store method may call another.
    private let lock = NSRecursiveLock()
    /// Read-only connections for searches.
    private let readers: ReaderPool
    /// Whether this open created the file (a failed first build may then remove it, see `close()`).
    let createdFile: Bool
    /// Whether a write failed because the disk is full (guarded by `lock`).
    var sawFullDisk = false
    /// Whether ``close()`` has run (guarded by `lock`).
    private var isClosed = false
    /// How many ``transaction(_:)`` calls are open on the writer connection (guarded by `lock`).
    private var transactionDepth = 0
    /// How many ``deferringRankingReplay(_:)`` calls are running (guarded by `lock`).
    private var rankingReplayDeferrals = 0
    /// Log rows at which a deferred top-k replay runs anyway, bounding its memory (about 5,000 changed notes;
    /// guarded by `lock`; tests lower it).
    package var deferredReplayLimit: Int {
        get { lock.lock(); defer { lock.unlock() }; return storedReplayLimit }
        set { lock.lock(); defer { lock.unlock() }; storedReplayLimit = newValue }
    }
    private var storedReplayLimit = 10_000
    /// Thresholds of the top-k side tables (guarded by `lock`).
    private var storedRankingSettings = RankingSettings()

    /// Thresholds of the top-k side tables, used when they are next rebuilt (tests lower them).
    package var rankingSettings: RankingSettings {
        get { lock.lock(); defer { lock.unlock() }; return storedRankingSettings }
        set { lock.lock(); defer { lock.unlock() }; storedRankingSettings = newValue }
    }

    /// Connection settings for the index, chosen by measurement (see Benchmarks/README.md).
    package static var defaultConfiguration: Connection.Configuration {
        var configuration = Connection.Configuration()
        configuration.cacheSizeKiB = 32 * 1024
        configuration.mmapSize = 256 * 1024 * 1024
        return configuration
    }

    /// Opens the index at `path`.
    ///
    /// - `.readWrite` creates the file (and its parent folders) when missing and migrates an older schema.
    /// - `.readOnly` requires an existing, current index: it throws ``NotesFTSError/indexNotFound(path:)``
    ///   when there is no file, and ``NotesFTSError/tokenizerOutdated(path:found:current:)`` when it was built
    ///   with an older CJK tokenizer version (a read-write open rebuilds it).
    ///
    /// A read-write open with a `tokenizer` other than the one the index records rebuilds the full-text
    /// index once, in one transaction; `nil` keeps the index's own choice (``FullTextTokenizer/cjk`` for a
    /// new index). A read-only open searches with whichever tokenizer the index was built with.
    public convenience init(path: String, mode: Mode = .readWrite, tokenizer: FullTextTokenizer? = nil) throws {
        // A read-write index does not map its file: builds run alike with mmap_size 0 and 256 MB, but mapped
        // pages count as the process's memory (at the end of a 1M-note first build ~200 MB: peak RSS 463 MB,
        // not 240 MB; Benchmarks/README.md). A read-only index (notes-find) keeps the mapping for searches.
        var configuration = Self.defaultConfiguration
        if mode == .readWrite { configuration.mmapSize = 0 }
        try self.init(path: path, mode: mode, configuration: configuration, tokenizer: tokenizer)
    }

    /// Opens the index at `path` with connection settings of its own (the benchmark's tuning variants).
    package init(path: String, mode: Mode = .readWrite, configuration: Connection.Configuration,
                 tokenizer: FullTextTokenizer? = nil) throws {
        self.path = path
        self.mode = mode
        createdFile = try !Self.checkLocation(path, mode: mode)
        var writer = configuration
        writer.switchesToWAL = false
        connection = try Self.open(path, mode: mode, configuration: writer)
        readers = ReaderPool(path: path, configuration: configuration)
        do {
            // Recognised by its schema before anything is written: another program's file stays byte-identical.
            try Schema.checkIsIndex(connection)
            if mode == .readOnly {
                try Schema.validateReadable(connection)
            } else {
                try Schema.refuseNewer(connection)
                try Self.enableIncrementalVacuumOnNewFile(connection)
                try connection.switchToWAL()
                try Schema.migrate(connection)
                try Schema.ensureTokenizer(connection, tokenizer ?? Schema.keptTokenizer(connection))
                try Self.repairLostSideBuild(connection, path: path)
                // An unfinished first build fills the tables itself when the next run finishes it.
                if try !RankingTables.isBuilt(connection), try !Self.hasUnfinishedFirstBuild(connection) {
                    try connection.transaction(.immediate) { try RankingTables.rebuild(connection, settings: RankingSettings()) }
                }
            }
        } catch let error as SQLiteError {
            connection.close()
            throw Self.converted(error, path: path)
        } catch {
            connection.close()
            throw error
        }
    }

    /// Throws when `path` is a folder, or when a read-only open finds no file; a read-write open creates
    /// the parent folders.
    @discardableResult
    private static func checkLocation(_ path: String, mode: Mode) throws -> Bool {
        let fileManager = FileManager.default
        var info = stat()
        let exists = stat(path, &info) == 0
        // A folder, FIFO or device is refused by name before SQLite opens it (and waits on it, or writes
        // `/dev/null-journal`).
        if exists, let kind = NoteFileReader.specialKind(info.st_mode) {
            throw NotesFTSError.notADatabase(path: path, detail: "it is \(kind)")
        }
        if mode == .readOnly && !exists { throw NotesFTSError.indexNotFound(path: path) }
        let parent = PathNormalization.parentFolder(of: path)
        guard mode == .readWrite && !exists && !parent.isEmpty else { return exists }
        do {
            try fileManager.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw NotesFTSError.database(
                path: path,
                error: SQLiteError(code: 14, message: "cannot create folder \(parent): \(error.localizedDescription)"))
        }
        return false
    }

    /// Opens a connection to the index at `path` with the CJK tokenizer registered (every connection
    /// registers it before it touches `notes_fts`).
    static func open(_ path: String, mode: Mode, configuration: Connection.Configuration) throws -> Connection {
        let connection: Connection
        do {
            connection = try Connection(path: path, mode: mode == .readOnly ? .readOnly : .readWriteCreate,
                                        configuration: configuration)
        } catch let error as SQLiteError where mode == .readOnly && Self.needsImmutableRead(path, error) {
            // A WAL index in a folder this user cannot write has no `-shm` to share: read it as immutable.
            var immutable = configuration
            immutable.immutable = true
            do {
                connection = try Connection(path: path, mode: .readOnly, configuration: immutable)
            } catch let error as SQLiteError {
                throw converted(error, path: path)
            }
        } catch let error as SQLiteError {
            throw converted(error, path: path)
        }
        guard let handle = connection.handle, CJKTokenizer.register(on: handle) == 0,
              RowStatisticsFunctions.register(on: handle) == 0 else {
            connection.close()
            throw NotesFTSError.tokenizerUnavailable(path: path, name: CJKTokenizer.name)
        }
        do {
            try SearchFilter.registerFolding(on: connection)
        } catch let error as SQLiteError {
            connection.close()
            throw converted(error, path: path)
        }
        return connection
    }

    /// Whether a read-only open failed only because SQLite cannot create the `-shm` file of a WAL index
    /// beside it (the folder is not writable by this user).
    private static func needsImmutableRead(_ path: String, _ error: SQLiteError) -> Bool {
        guard error.code == SQLITE_READONLY || error.code == SQLITE_CANTOPEN else { return false }
        let folder = PathNormalization.parentFolder(of: path)
        return access(folder.isEmpty ? "." : folder, W_OK) != 0
    }

    deinit { close() }

    /// The tokenizer `notes_fts` was built with, as the index records it (`notes_cjk_v1`, `unicode61`).
    package func tokenizerName() throws -> String? {
        try read { try Schema.recordedTokenizer($0) }
    }

    /// Closes the index's connections, the writer last; further calls fail. After a write failed on a full
    /// disk it first gives back the space it can (``releaseSpaceAfterFullDisk()``). Closing twice does
    /// nothing more, and an index released without `close()` closes itself the same way, so the writer's
    /// last close still checkpoints and removes the `-wal` and `-shm` files.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        isClosed = true
        // Readers first: the writer, closing last, checkpoints and removes the WAL (a read-only connection
        // closing last cannot, which left a WAL and -shm beside every index).
        readers.close()
        if sawFullDisk { releaseSpaceAfterFullDisk() }
        connection.close()
    }

    /// Runs `body` in one write transaction: all of it lands, or none of it. Other writers wait their turn;
    /// searches go on meanwhile (they see the index as it was before the transaction until it commits).
    /// The top-k side tables catch up with what it wrote before it commits (``RankingTables/applyLog(_:)``),
    /// once: a transaction nested in another of this index (a savepoint) leaves that to the outermost, so a
    /// batch of notes is replayed in one go.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try wrap {
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            return try connection.transaction(.immediate) {
                let value = try body()
                if transactionDepth == 1, try rankingReplayIsDue() { try RankingTables.catchUp(connection) }
                return value
            }
        }
    }

    /// Runs `body` with the top-k replay of its write transactions put off until `body` returns (or the log
    /// reaches ``deferredReplayLimit`` rows), then replays the log in one transaction: one replay for a run of
    /// the indexer instead of one per batch, each posting block written once. Meanwhile searches find the log
    /// not empty and score in full, so results stay exact; if `body` throws, the next write replays the log.
    package func deferringRankingReplay<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        rankingReplayDeferrals += 1
        lock.unlock()
        let value: T
        do {
            defer { lock.lock(); rankingReplayDeferrals -= 1; lock.unlock() }
            value = try body()
        }
        try transaction {}
        return value
    }

    /// Whether a transaction ending now replays the top-k log: unless a replay is deferred and the log is short.
    private func rankingReplayIsDue() throws -> Bool {
        guard rankingReplayDeferrals > 0 else { return true }
        return try connection.scalarInt("SELECT max(seq) - min(seq) + 1 FROM topk_log") ?? 0 >= storedReplayLimit
    }

    /// Runs `body` with the writer connection to itself, converting SQLite failures into
    /// ``NotesFTSError/database(path:error:)`` naming this index.
    func wrap<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body()
        } catch let error as SQLiteError {
            if error.isDiskFull { sawFullDisk = true }
            throw NotesFTSError.database(path: path, error: error)
        }
    }

    /// Runs `body` on a connection for reading: the index's own when it is read-only and free, else a
    /// read-only connection of its own, so searches run in parallel with each other and with writes.
    func read<T>(_ body: (Connection) throws -> T) throws -> T {
        if mode == .readOnly && lock.try() {
            defer { lock.unlock() }
            return try wrap { try body(connection) }
        }
        let reader = try readers.checkOut()
        defer { readers.checkIn(reader) }
        do {
            return try body(reader)
        } catch let error as SQLiteError {
            throw NotesFTSError.database(path: path, error: error)
        }
    }

    /// The number of notes in the index.
    public func noteCount() throws -> Int {
        try read { try $0.scalarInt("SELECT count(*) FROM notes") ?? 0 }
    }

    /// ``NotesFTSError/notADatabase(path:detail:)`` for a file that is not a database, else
    /// ``NotesFTSError/database(path:error:)``.
    static func converted(_ error: SQLiteError, path: String) -> NotesFTSError {
        error.isCorruptOrNotADatabase ? .notADatabase(path: path, detail: error.message) : .database(path: path, error: error)
    }
}
