/// A column of `notes_fts` a term can be limited to (`title:word`, `body:word`, `tag:name`).
package enum QueryColumn: String, Sendable, Equatable {
    case title, body, tags
}
