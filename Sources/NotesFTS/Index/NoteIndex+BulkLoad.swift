import Foundation
import SQLiteKit

extension NoteIndex {
    /// A note's stored column values, computed where the note was parsed (off the writer thread): text
    /// NFC-normalised, tags cleaned and joined, dates formatted. Writing one costs only binding and stepping.
    struct NoteRow: Sendable {
        var path: String
        var position: Int
        var line: Int
        var title: String
        var body: String
        var tags: String
        var created: String?
        var modified: String?

        /// The row `note` is stored as, at `position` of `path`: exactly what ``NoteIndex/save(_:)`` writes.
        init(_ note: Note, path: String, position: Int) {
            self.path = path
            self.position = position
            line = note.line
            title = TextNormalization.normalize(note.title)
            body = TextNormalization.normalize(note.body)
            tags = TagList.join(note.tags)
            created = note.created.map(Timestamp.format)
            modified = note.modified.map(Timestamp.format)
        }
    }

    /// Inserts the notes of a file the index has never seen, and its `sources` row: plain INSERTs, no lookup
    /// of existing rows. Only for a first build into an empty index (inside its transaction), where every
    /// path is new; anything else goes through ``replaceNotes(of:with:)``.
    ///
    /// With `alsoFullText`, each note also goes into `notes_fts` at once (the caller has dropped the triggers).
    func insertNewSource(_ source: SourceFile, rows: [NoteRow], indexedAt: String, alsoFullText: Bool = false) throws {
        try wrap {
            for row in rows {
                try connection.run("""
                    INSERT INTO notes(path, position, line, title, body, tags, created, modified)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                    """, [.text(row.path), .integer(Int64(row.position)), .integer(Int64(row.line)), .text(row.title),
                          .text(row.body), .text(row.tags), SQLiteValue(row.created), SQLiteValue(row.modified)])
                if alsoFullText {
                    try connection.run("INSERT INTO notes_fts(rowid, title, body, tags) VALUES (?1, ?2, ?3, ?4)",
                                       [.integer(connection.lastInsertRowID), .text(row.title), .text(row.body), .text(row.tags)])
                }
            }
            try connection.run(
                "INSERT INTO sources(path, size, mtime_ns, hash, indexed_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                [.text(source.path), .integer(source.size), .integer(source.mtimeNanoseconds), .text(source.hash),
                 .text(indexedAt)])
        }
    }
}
