import SQLiteKit

/// The indexed text of one note as FTS5 reads its content, as bytes: the title (with the aliases, as
/// ``Schema/indexedTitle(_:)`` writes it), the body and the tags.
///
/// The top-k path copies them out of a note's row (``SearchSQL/topKNote(withText:)``) so that the snippets of
/// several notes can be made on two threads once their rows are read (``TopKNoteText``); a copy of a note of
/// 2.7 KB costs far less than its snippet.
struct NoteTexts: Sendable {
    var title: [UInt8]
    var body: [UInt8]
    var tags: [UInt8]

    /// The texts as given.
    init(title: [UInt8], body: [UInt8], tags: [UInt8]) {
        (self.title, self.body, self.tags) = (title, body, tags)
    }

    /// The title, body and tags at `column`...`column + 2` of `row`.
    init(row: Statement, at column: Int32) {
        title = row.withBlob(column) { [UInt8]($0) }
        body = row.withBlob(column + 1) { [UInt8]($0) }
        tags = row.withBlob(column + 2) { [UInt8]($0) }
    }
}
