import SQLiteKit

extension NoteIndex {
    /// Reads the row of each note the top-k path chose (``SearchSQL/topKRow(id:match:snippets:)``: the
    /// ``ResultColumn``s, then the snippet columns) with `read`, handing what it made to `body` in the order
    /// of `hits`.
    ///
    /// One FTS5 seek a note, except for a query with a prefix: there one FTS5 query walks the match once for
    /// all of them (``SearchSQL/topKRows(ids:match:snippets:)``), since each seek would build the prefix's
    /// doclist again; what `read` made is held until the notes before it in `hits` have been handed on.
    static func forEachTopKRow<Value>(_ db: Connection, _ hits: [TopKPlan.Hit], match: String, query: ParsedQuery,
                                      snippets: SearchSnippets?, read: (Statement) throws -> Value,
                                      _ body: (TopKPlan.Hit, Value) throws -> Void) throws {
        guard query.positiveTerms.contains(where: \.isPrefix), hits.count > 1 else {
            for hit in hits {
                let statement = SearchSQL.topKRow(id: hit.id, match: match, snippets: snippets)
                try db.forEachRow(statement.sql, named: statement.parameters) { try body(hit, try read($0)) }
            }
            return
        }
        let statement = SearchSQL.topKRows(ids: hits.map(\.id), match: match, snippets: snippets)
        var values: [Int64: Value] = [:]
        try db.forEachRow(statement.sql, named: statement.parameters) { row in
            values[row.int64(ResultColumn.id.rawValue)] = try read(row)
        }
        for hit in hits {
            if let value = values.removeValue(forKey: hit.id) { try body(hit, value) }
        }
    }
}
