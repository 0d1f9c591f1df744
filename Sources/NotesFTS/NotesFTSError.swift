import SQLiteKit

/// The library's errors, each with a one-line message that says what failed, on what, and what to do.
public enum NotesFTSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No index file exists at `path`.
    case indexNotFound(path: String)
    /// The file is an SQLite database that is not a notes-fts index.
    case notAnIndex(path: String)
    /// The file is not an SQLite database at all (or is damaged beyond opening).
    case notADatabase(path: String, detail: String)
    /// The index was written by a newer notes-fts.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The index needs an upgrade that a read-only opening cannot perform.
    case olderSchema(path: String, found: Int, supported: Int)
    /// The full-text index was built with another tokenizer version; a read-write open rebuilds it.
    case tokenizerOutdated(path: String, found: String, current: String)
    /// The CJK tokenizer could not be registered on the connection (an SQLite without FTS5).
    case tokenizerUnavailable(path: String, name: String)
    /// The query nests brackets or negations deeper than `limit` (``QueryParser/nestingLimit``).
    case queryTooDeep(limit: Int)
    /// An SQLite failure while working on the index at `path`.
    case database(path: String, error: SQLiteError)
    /// Changes under `path` cannot be watched (`--watch`): the system refused, for `reason`.
    case watchFailed(path: String, reason: String)
    /// The prebuilt index `seed` could not become the index at `path` (missing, unreadable, or failing its
    /// integrity check); nothing was left at `path`.
    case seedUnusable(path: String, seed: String, detail: String)
    /// A ``NoteRecord`` whose JSON encoding has no field a note's title or body is read from.
    case recordWithoutText(path: String, type: String)

    /// A one-line message for the user, for an index given with `--db`.
    public var description: String { message(naming: .option) }

    /// A one-line message for the user; the advice names the index as `naming` says (a `notes-index`
    /// command that can be pasted, and how to choose another index).
    public func message(naming: IndexNaming) -> String {
        switch self {
        case .indexNotFound(let path):
            return "no index at \(path); build one with `\(naming.command(path, "FOLDER"))`"
        case .notAnIndex(let path):
            return "\(path) is an SQLite database but not a notes-fts index; \(naming.chooseAnother)"
        case .notADatabase(let path, let detail):
            return "\(path) is not a readable SQLite database (\(detail)); \(naming.chooseAnother)"
        case .newerSchema(let path, let found, let supported):
            return "\(path) was written by a newer notes-fts (schema v\(found), this version reads up to v\(supported)); upgrade notes-fts"
        case .olderSchema(let path, let found, let supported):
            return "\(path) uses schema v\(found) and needs an upgrade to v\(supported); run `\(naming.command(path, "--check"))` once to upgrade it in place"
        case .tokenizerOutdated(let path, let found, let current):
            return "\(path) was indexed with tokenizer \(found) and needs a rebuild with \(current); run `\(naming.command(path, "--rebuild"))` once to rebuild it in place"
        case .tokenizerUnavailable(let path, let name):
            return "\(path): cannot register the \(name) tokenizer on this SQLite (\(Connection.sqliteVersion)); install an SQLite with FTS5 enabled"
        case .queryTooDeep(let limit):
            return "the query nests brackets or NOT more than \(limit) levels deep; remove some brackets and search again"
        case .watchFailed(let path, let reason):
            return "cannot watch \(path) for changes: \(reason)"
        case .database(let path, let error):
            return Self.databaseMessage(path: path, error: error, naming: naming)
        case .seedUnusable(let path, let seed, let detail):
            return "cannot seed \(path) from \(seed) (\(detail)); ship a notes-fts index built by `notes-index` and checked with `--check`"
        case .recordWithoutText(let path, let type):
            return "\(type) record \(path) has no title or body field (title, name, body, content, text…); name one so, or implement its `note` property"
        }
    }
}
