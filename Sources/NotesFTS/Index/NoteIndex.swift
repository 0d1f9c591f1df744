import Foundation
import NotesTokenizer
import SQLiteKit

/// An index of notes in one SQLite file: the library's main entry point.
///
/// Open it for writing (creating and migrating the file as needed) or read-only (for search), then add,
/// update, remove and search notes. One `NoteIndex` is one connection: use it from one task at a time.
///
/// ```swift
/// let index = try NoteIndex(path: "/tmp/notes.sqlite")
/// try index.save(Note(path: "app://1", title: "Groceries", body: "milk, eggs"))
/// let hits = try index.search("milk")
/// ```
public final class NoteIndex {
    /// How an index is opened.
    public enum Mode: Sendable {
        /// Create or upgrade the file as needed and allow writes.
        case readWrite
        /// Open an existing, current index for searching only.
        case readOnly
    }

    /// The file path of the index.
    public let path: String
    /// The underlying connection (for advanced queries; the schema is documented in ``Schema``).
    public let connection: Connection
    /// Thresholds of the top-k side tables, used when they are next rebuilt (tests lower them).
    package var rankingSettings = RankingSettings()

    /// Connection settings for the index, chosen by measurement (see Benchmarks/README.md).
    public static var defaultConfiguration: Connection.Configuration {
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
    /// Every connection registers the CJK tokenizer (``CJKTokenizer``) before it touches `notes_fts`. A
    /// read-write open with a `tokenizer` other than the one the index records rebuilds `notes_fts` once, in
    /// one transaction; `nil` keeps the index's own choice (``FullTextTokenizer/cjk`` for a new index, and the
    /// current version of the CJK tokenizer for one built with an older version). A read-only open searches
    /// with whichever tokenizer the index was built with.
    public init(path: String, mode: Mode = .readWrite,
                configuration: Connection.Configuration = NoteIndex.defaultConfiguration,
                tokenizer: FullTextTokenizer? = nil) throws {
        self.path = path
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            throw NotesFTSError.notADatabase(path: path, detail: "it is a directory")
        }
        if mode == .readOnly && !exists { throw NotesFTSError.indexNotFound(path: path) }
        if mode == .readWrite && !exists {
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty {
                do {
                    try fileManager.createDirectory(atPath: parent, withIntermediateDirectories: true)
                } catch {
                    throw NotesFTSError.database(
                        path: path,
                        error: SQLiteError(code: 14, message: "cannot create folder \(parent): \(error.localizedDescription)"))
                }
            }
        }
        do {
            connection = try Connection(path: path, mode: mode == .readOnly ? .readOnly : .readWriteCreate,
                                        configuration: configuration)
        } catch let error as SQLiteError {
            if error.isCorruptOrNotADatabase { throw NotesFTSError.notADatabase(path: path, detail: error.message) }
            throw NotesFTSError.database(path: path, error: error)
        }
        do {
            guard let handle = connection.handle, CJKTokenizer.register(on: handle) == 0 else {
                throw NotesFTSError.tokenizerUnavailable(path: path, name: CJKTokenizer.name)
            }
            if mode == .readOnly {
                try Schema.validateReadable(connection)
            } else {
                try Schema.migrate(connection)
                try Schema.ensureTokenizer(connection, tokenizer ?? Schema.keptTokenizer(connection))
                if try !RankingTables.isBuilt(connection) {
                    try connection.transaction(.immediate) { try RankingTables.rebuild(connection, settings: rankingSettings) }
                }
            }
        } catch let error as SQLiteError {
            connection.close()
            if error.isCorruptOrNotADatabase { throw NotesFTSError.notADatabase(path: path, detail: error.message) }
            throw NotesFTSError.database(path: path, error: error)
        } catch {
            connection.close()
            throw error
        }
    }

    /// The tokenizer `notes_fts` was built with, as the index records it (`notes_cjk_v1`, `unicode61`).
    public func tokenizerName() throws -> String? {
        try wrap { try Schema.recordedTokenizer(connection) }
    }

    /// Closes the connection; further calls fail.
    public func close() { connection.close() }

    /// Runs `body` in one write transaction: all of it lands, or none of it. The top-k side tables catch up
    /// with what it wrote before it commits (``RankingTables/applyLog(_:)``).
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try wrap {
            try connection.transaction(.immediate) {
                let value = try body()
                if try connection.scalarInt("SELECT EXISTS (SELECT 1 FROM topk_log)") == 1 {
                    try RankingTables.applyLog(connection)
                }
                return value
            }
        }
    }

    /// Converts SQLite failures into ``NotesFTSError/database(path:error:)`` naming this index.
    func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw NotesFTSError.database(path: path, error: error)
        }
    }

    /// The number of notes in the index.
    public func noteCount() throws -> Int {
        try wrap { try connection.scalarInt("SELECT count(*) FROM notes") ?? 0 }
    }
}
