import Foundation
import SQLiteKit

/// The `notes` columns every search query selects first, in this order, and read back by name: the one row
/// reader of search results.
enum ResultColumn: Int32, CaseIterable {
    case id, path, position, line, title, tags, created, modified, createdFrom, modifiedFrom

    /// The column's name in `notes` (spelled out: interpolating the case's name would reflect on the type,
    /// which cost a query-time process about 0.3 ms of Swift runtime metadata work).
    var name: String {
        switch self {
        case .id: return "id"
        case .path: return "path"
        case .position: return "position"
        case .line: return "line"
        case .title: return "title"
        case .tags: return "tags"
        case .created: return "created"
        case .modified: return "modified"
        case .createdFrom: return "created_from"
        case .modifiedFrom: return "modified_from"
        }
    }

    /// The select list (`n.id, n.path, …`).
    static let selectList = allCases.map { "n.\($0.name)" }.joined(separator: ", ")

    /// The position of the first column a query selects after these (score, snippets or body).
    static let next = Int32(allCases.count)
}

extension Statement {
    /// Column `column` of the current row as text (`nil` for NULL).
    func text(_ column: ResultColumn) -> String? { text(column.rawValue) }

    /// Column `column` of the current row as a date (``Timestamp/parse(_:)``, `nil` for NULL): the index's own
    /// format read in place, without making a string of it.
    func date(_ column: ResultColumn) -> Date? {
        withBlob(column.rawValue) { Timestamp.parseStored($0) } ?? text(column).flatMap { Timestamp.parseGeneral($0) }
    }
}

extension SearchResult {
    /// The result the current row of `row` stands for: the ``ResultColumn``s, with score 0 and no snippet.
    init(row: Statement) {
        self.init(
            id: row.int64(ResultColumn.id.rawValue), path: row.text(.path) ?? "",
            position: row.int(ResultColumn.position.rawValue), line: max(row.int(ResultColumn.line.rawValue), 1),
            title: row.text(.title) ?? "", tags: TagList.split(row.text(.tags) ?? ""), created: row.date(.created),
            modified: row.date(.modified), score: 0, snippet: Snippet(text: ""),
            createdFrom: row.text(.createdFrom).flatMap(DateSource.init(rawValue:)),
            modifiedFrom: row.text(.modifiedFrom).flatMap(DateSource.init(rawValue:)))
    }
}
