import Foundation
import SQLiteKit

extension NoteIndex {
    /// How a write changed the notes of one source.
    package struct WriteCounts: Equatable, Sendable {
        /// Notes inserted.
        package var added = 0
        /// Notes whose stored text or dates changed.
        package var updated = 0
        /// Notes written again with identical content (no index churn).
        package var unchanged = 0
        /// Notes deleted because the source no longer holds them.
        package var removed = 0
        /// Creates zero counts.
        package init() {}
    }

    static let upsertSQL = """
        INSERT INTO notes(\(NoteRow.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
        ON CONFLICT(path, position) DO UPDATE SET
          line = excluded.line, title = excluded.title, body = excluded.body, tags = excluded.tags,
          created = excluded.created, modified = excluded.modified, aliases = excluded.aliases,
          created_from = excluded.created_from, modified_from = excluded.modified_from
        WHERE notes.line IS NOT excluded.line OR notes.title IS NOT excluded.title
          OR notes.body IS NOT excluded.body OR notes.tags IS NOT excluded.tags
          OR notes.created IS NOT excluded.created OR notes.modified IS NOT excluded.modified
          OR notes.aliases IS NOT excluded.aliases OR notes.created_from IS NOT excluded.created_from
          OR notes.modified_from IS NOT excluded.modified_from
        """

    /// Stores `note` (insert, or update in place when a note with the same path and position exists) and
    /// returns its id. Text is NFC-normalised first.
    @discardableResult
    public func save(_ note: Note) throws -> Int64 {
        try transaction {
            _ = try upsert(note)
            return try connection.scalarValue(
                "SELECT id FROM notes WHERE path = ?1 AND position = ?2",
                [.text(note.path), .integer(Int64(note.position))])?.integerValue ?? 0
        }
    }

    /// Deletes the note with `id`; returns whether there was one.
    @discardableResult
    public func deleteNote(id: Int64) throws -> Bool {
        try transaction { try connection.run("DELETE FROM notes WHERE id = ?1", [.integer(id)]) > 0 }
    }

    /// Replaces everything stored for `source` with `notes`, in one transaction (a savepoint when nested).
    ///
    /// Notes are matched by position: a note that is unchanged is not rewritten, a changed one is updated
    /// in place (keeping its id), and positions the file no longer has are deleted.
    @discardableResult
    package func replaceNotes(of source: SourceFile, with notes: [Note]) throws -> WriteCounts {
        try transaction {
            let existing = Set(try connection.query(
                "SELECT position FROM notes WHERE path = ?1", [.text(source.path)]) { $0.int(0) })
            var counts = WriteCounts()
            for (offset, original) in notes.enumerated() {
                var note = original
                note.path = source.path
                note.position = offset
                if try upsert(note) {
                    if existing.contains(offset) { counts.updated += 1 } else { counts.added += 1 }
                } else {
                    counts.unchanged += 1
                }
            }
            counts.removed = try connection.run(
                "DELETE FROM notes WHERE path = ?1 AND position >= ?2",
                [.text(source.path), .integer(Int64(notes.count))])
            try recordSource(source)
            return counts
        }
    }

    /// Records that `source` was read (after its notes were written, or when only its time changed), at
    /// `indexedAt` (ISO 8601; now by default).
    package func recordSource(_ source: SourceFile, indexedAt: String = Timestamp.format(Date())) throws {
        _ = try wrap {
            try connection.run("""
                INSERT INTO sources(path, size, mtime_ns, hash, indexed_at) VALUES (?1, ?2, ?3, ?4, ?5)
                ON CONFLICT(path) DO UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns,
                  hash = excluded.hash, indexed_at = excluded.indexed_at
                """,
                [.text(source.path), .integer(source.size), .integer(source.mtimeNanoseconds),
                 .text(source.hash), .text(indexedAt)])
        }
    }

    /// Gives the notes of `source` whose modification date is the file's (``DateSource/fileSystem``) the file's
    /// current time, after a change of time alone (a `touch`, a copy over with the same bytes): the notes are
    /// not read again, and a fresh build would date them so. Changes no indexed text (no trigger fires).
    package func refreshFileTimes(of source: SourceFile) throws {
        let modified = Timestamp.format(Date(timeIntervalSince1970: Double(source.mtimeNanoseconds) / 1e9))
        _ = try wrap {
            try connection.run("""
                UPDATE notes SET modified = ?2 WHERE path = ?1 AND modified_from = ?3 AND modified IS NOT ?2
                """, [.text(source.path), .text(modified), .text(DateSource.fileSystem.rawValue)])
        }
    }

    /// Removes a source and all its notes; returns the number of notes removed.
    @discardableResult
    package func removeSource(path: String) throws -> Int {
        try transaction {
            let removed = try connection.run("DELETE FROM notes WHERE path = ?1", [.text(path)])
            try connection.run("DELETE FROM sources WHERE path = ?1", [.text(path)])
            return removed
        }
    }

    /// The recorded sources at `root` or below it (`root` itself when it is a file), keyed by path.
    package func sources(under root: String) throws -> [String: SourceFile] {
        let rows = try wrap {
            try connection.query("""
                SELECT path, size, mtime_ns, hash FROM sources
                WHERE path = ?1 OR (path >= ?2 AND path < ?3)
                """, Self.pathRange(root)) { row in
                SourceFile(path: row.text(0) ?? "", size: row.int64(1), mtimeNanoseconds: row.int64(2),
                           hash: row.text(3) ?? "")
            }
        }
        return Dictionary(rows.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Inserts or updates one note; returns whether a row was written.
    private func upsert(_ note: Note) throws -> Bool {
        let row = NoteRow(note, path: note.path, position: note.position)
        return try wrap {
            guard try connection.run(Self.upsertSQL, row.values) > 0 else { return false }
            try Vocabulary.learn(connection, from: [row.title, row.body, row.tags])
            return true
        }
    }
}
