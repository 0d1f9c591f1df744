import Foundation
import SQLiteKit

extension NoteIndex {
    /// Replaces the notes of `source` with those `produce` hands to the sink it is given, one at a time, so a
    /// file of a million notes is written without ever holding its notes: each is converted, written and
    /// dropped. One transaction (a savepoint when nested): if `produce` throws, the file's earlier notes stay.
    ///
    /// Notes are matched by position, as in ``replaceNotes(of:with:)``. With `directFullText` (a bulk first
    /// build, whose triggers are dropped, and a file new to the index), notes are plain INSERTs that also go
    /// into `notes_fts`.
    @discardableResult
    package func replaceNotes(of source: SourceFile, indexedAt: String, directFullText: Bool,
                              produce: ((Note) throws -> Void) throws -> Void) throws -> WriteCounts {
        try transaction {
            var counts = WriteCounts()
            var position = 0
            try produce { note in
                let row = NoteRow(note, path: source.path, position: position)
                position += 1
                if directFullText {
                    try connection.run("INSERT INTO notes(\(NoteRow.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                                       row.values)
                    try connection.run("INSERT INTO notes_fts(rowid, title, body, tags) VALUES (?1, ?2, ?3, ?4)",
                                       [.integer(connection.lastInsertRowID), .text(row.indexedTitle), .text(row.body), .text(row.tags)])
                    counts.added += 1
                } else if try connection.run(Self.upsertSQL, row.values) > 0 {
                    counts.updated += 1
                } else {
                    counts.unchanged += 1
                }
            }
            counts.removed = try connection.run(
                "DELETE FROM notes WHERE path = ?1 AND position >= ?2", [.text(source.path), .integer(Int64(position))])
            try recordSource(source, indexedAt: indexedAt)
            return counts
        }
    }
}
