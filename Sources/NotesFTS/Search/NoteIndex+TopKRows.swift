import SQLiteKit

extension NoteIndex {
    /// Reads the row of each note the top-k path chose (the ``ResultColumn``s) with `read`, with the snippet it
    /// shows (``ChosenSnippet``) when `snippets` is set, handing what it made to `body` in the order of `hits`.
    ///
    /// A note is read from `notes` by id, and its snippet made from its text (``TopKNoteText``): no FTS5
    /// cursor. Where that cannot be done (a query whose phrases ``QueryPhrases`` does not read, or a
    /// tokenizer failure), FTS5 makes the snippet: one seek a note, except for a query with a prefix, where
    /// one FTS5 query walks the match once for all of them (``SearchSQL/topKRows(ids:match:snippets:)``),
    /// since each seek would build the prefix's doclist again.
    static func forEachTopKRow<Value>(_ db: Connection, _ hits: [TopKPlan.Hit], match: String, query: ParsedQuery,
                                      snippets: SearchSnippets?, read: (Statement, ChosenSnippet?) throws -> Value,
                                      _ body: (TopKPlan.Hit, Value) throws -> Void) throws {
        func fromFTS5(_ row: Statement) throws -> Value {
            try read(row, snippets.map { _ in SearchSnippets.chosen(SnippetColumns(row: row, at: ResultColumn.next + 1)) })
        }
        if let text = try TopKNoteText(db, match: match, snippets: snippets) {
            // One statement, bound to each note in turn.
            let row = try db.cached(text.sql)
            // Reset however this ends: a statement left on a row keeps the connection's read snapshot.
            defer { try? row.reset() }
            for hit in hits {
                var made = true
                try row.bind([.integer(hit.id)])
                while try row.step() {
                    if let value = try text.read(row, read) { try body(hit, value) } else { made = false }
                }
                try row.reset()
                if !made {
                    let statement = SearchSQL.topKRow(id: hit.id, match: match, snippets: snippets)
                    try db.forEachRow(statement.sql, named: statement.parameters) { try body(hit, try fromFTS5($0)) }
                }
            }
            return
        }
        guard query.positiveTerms.contains(where: \.isPrefix), hits.count > 1 else {
            for hit in hits {
                let statement = SearchSQL.topKRow(id: hit.id, match: match, snippets: snippets)
                try db.forEachRow(statement.sql, named: statement.parameters) { try body(hit, try fromFTS5($0)) }
            }
            return
        }
        let statement = SearchSQL.topKRows(ids: hits.map(\.id), match: match, snippets: snippets)
        var values: [Int64: Value] = [:]
        try db.forEachRow(statement.sql, named: statement.parameters) { row in
            values[row.int64(ResultColumn.id.rawValue)] = try fromFTS5(row)
        }
        for hit in hits {
            if let value = values.removeValue(forKey: hit.id) { try body(hit, value) }
        }
    }
}
