import Foundation
import SQLiteKit

/// What a date filter can select in an index, for one date field: the earliest and latest date notes state
/// themselves (front matter, JSON fields, a date in the file name), and how many notes have only the file
/// system's date, which no date filter matches (a copy or a `git clone` resets it; see ``DateSource``).
///
/// ```swift
/// let span = try index.dateSpan(of: .modified)
/// print(span.earliest, span.latest, span.fileDatedNotes)   // why `--since 2w` found nothing
/// ```
public struct DateSpan: Sendable, Equatable {
    /// The earliest own date, or `nil` when no note states one.
    public var earliest: Date?
    /// The latest own date, or `nil` when no note states one.
    public var latest: Date?
    /// Notes whose date for the field comes from the file system only.
    public var fileDatedNotes: Int

    /// Creates a span.
    public init(earliest: Date?, latest: Date?, fileDatedNotes: Int) {
        self.earliest = earliest
        self.latest = latest
        self.fileDatedNotes = fileDatedNotes
    }
}

extension NoteIndex {
    /// The span of the notes' own dates for `field`, and how many notes a date filter on it skips because
    /// only the file system dated them: what to tell a user whose date filter found nothing.
    public func dateSpan(of field: DateField) throws -> DateSpan {
        // `field` is one of two fixed column names, never user text.
        let column = field.rawValue
        let fileSystem = SQLiteValue.text(DateSource.fileSystem.rawValue)
        return try read { db in
            // One pass over `notes`: the own dates' bounds and the file-dated count together.
            try db.query("""
                SELECT min(\(column)) FILTER (WHERE \(column)_from IS NOT ?1), max(\(column)) FILTER (WHERE \(column)_from IS NOT ?1),
                       count(*) FILTER (WHERE \(column)_from IS ?1)
                FROM notes
                """, [fileSystem]) { row in
                DateSpan(earliest: row.text(0).flatMap(Timestamp.parse), latest: row.text(1).flatMap(Timestamp.parse),
                         fileDatedNotes: Int(row.int64(2)))
            }.first ?? DateSpan(earliest: nil, latest: nil, fileDatedNotes: 0)
        }
    }
}
