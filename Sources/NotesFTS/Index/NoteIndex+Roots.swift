import Foundation
import SQLiteKit

extension NoteIndex {
    /// A file or folder `notes-index` was asked to index, with what the index holds from it now.
    package struct IndexedRoot: Sendable, Equatable {
        /// Absolute path.
        package var path: String
        /// When it was last indexed (ISO 8601 UTC).
        package var indexedAt: String
        /// Files recorded at or below it.
        package var files: Int
        /// Notes from those files.
        package var notes: Int
    }

    /// What ``forget(_:)`` removed.
    package struct ForgetCounts: Sendable, Equatable {
        /// Files whose records were removed.
        package var files: Int
        /// Notes removed.
        package var notes: Int
        /// Recorded roots removed (the path itself and roots below it).
        package var roots: Int
    }

    /// Records that `path` (absolute) was indexed as a root, at `indexedAt` (now by default).
    package func recordRoot(_ path: String, indexedAt: String = Timestamp.format(Date())) throws {
        _ = try wrap {
            try connection.run("""
                INSERT INTO roots(path, indexed_at) VALUES (?1, ?2)
                ON CONFLICT(path) DO UPDATE SET indexed_at = excluded.indexed_at
                """, [.text(path), .text(indexedAt)])
        }
    }

    /// The recorded roots in path order, with their file and note counts.
    package func roots() throws -> [IndexedRoot] {
        try wrap {
            let rows = try connection.query("SELECT path, indexed_at FROM roots ORDER BY path") {
                ($0.text(0) ?? "", $0.text(1) ?? "")
            }
            return try rows.map { path, indexedAt in
                let range = Self.pathRange(path)
                let files = try connection.scalarInt(
                    "SELECT count(*) FROM sources WHERE path = ?1 OR (path >= ?2 AND path < ?3)", range) ?? 0
                let notes = try connection.scalarInt(
                    "SELECT count(*) FROM notes WHERE path = ?1 OR (path >= ?2 AND path < ?3)", range) ?? 0
                return IndexedRoot(path: path, indexedAt: indexedAt, files: files, notes: notes)
            }
        }
    }

    /// Files recorded outside every recorded root (indexed by a version that did not record roots).
    package func unrootedFileCount() throws -> Int {
        try wrap {
            try connection.scalarInt("""
                SELECT count(*) FROM sources AS s WHERE NOT EXISTS (
                  SELECT 1 FROM roots AS r
                  WHERE s.path = r.path OR (s.path >= rtrim(r.path, '/') || '/' AND s.path < rtrim(r.path, '/') || '0'))
                """) ?? 0
        }
    }

    /// Removes everything the index holds at or below `path` (absolute): notes, file records and recorded
    /// roots, in one transaction. The notes leave `notes_fts` through the delete trigger.
    @discardableResult
    package func forget(_ path: String) throws -> ForgetCounts {
        let range = Self.pathRange(path)
        return try transaction {
            let notes = try connection.run("DELETE FROM notes WHERE path = ?1 OR (path >= ?2 AND path < ?3)", range)
            let files = try connection.run("DELETE FROM sources WHERE path = ?1 OR (path >= ?2 AND path < ?3)", range)
            let roots = try connection.run("DELETE FROM roots WHERE path = ?1 OR (path >= ?2 AND path < ?3)", range)
            return ForgetCounts(files: files, notes: notes, roots: roots)
        }
    }

    /// The parameters `?1` (the path), `?2`, `?3` of `path = ?1 OR (path >= ?2 AND path < ?3)`: the path
    /// itself and the half-open range `[path/, path0)` that holds exactly the paths below it ("/" + 1 is "0").
    static func pathRange(_ path: String) -> [SQLiteValue] {
        let directory = path.hasSuffix("/") ? path : path + "/"
        return [.text(path), .text(directory), .text(String(directory.dropLast()) + "0")]
    }
}
