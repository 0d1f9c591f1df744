import Foundation

/// A model of an app's own that the index can store and search, instead of building ``Note``s by hand.
///
/// By default the record is encoded as JSON and read the way `notes-index` reads a JSON note: the title
/// from `title`/`name`, the text from `body`/`content`/`text`, `tags`, and dates from `created`/`modified`
/// (and their common spellings). Implement ``note`` to map the fields yourself.
///
/// ```swift
/// struct Recipe: Codable, NoteRecord {
///     var id: Int
///     var name: String
///     var text: String
///     var tags: [String]
///     var notePath: String { "app://recipes/\(id)" }
/// }
/// try index.save(Recipe(id: 7, name: "Sourdough", text: "flour, water, salt", tags: ["bread"]))
/// let hit = try index.search("sourdough").first     // hit?.path == "app://recipes/7"
/// ```
public protocol NoteRecord: Encodable {
    /// Where the note is kept: stable and unique among the app's records (`app://recipes/7`). Saving a
    /// record with the same path again updates its note in place.
    var notePath: String { get }
    /// The note this record is indexed as.
    var note: Note { get throws }
}

extension NoteRecord {
    /// The record's JSON encoding read as a JSON note (see ``NoteRecord``).
    public var note: Note {
        get throws {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            let json = String(decoding: try encoder.encode(self), as: UTF8.self)
            let notes = try? JSONNoteReader.notes(text: json, path: notePath, jsonLines: false, modified: nil)
            guard let note = notes?.first else {
                throw NotesFTSError.recordWithoutText(path: notePath, type: String(describing: Self.self))
            }
            return note
        }
    }
}

extension NoteIndex {
    /// Stores `record` as its ``NoteRecord/note`` (insert, or update in place) and returns the note's id.
    @discardableResult
    public func save(_ record: some NoteRecord) throws -> Int64 {
        var note = try record.note
        note.path = record.notePath
        return try save(note)
    }
}
