import SQLiteKit

extension NoteIndex {
    /// Reads the row of each note the top-k path chose (the ``ResultColumn``s) with `read`, and when `snippets` is
    /// set puts the snippet it shows (``ChosenSnippet``) into what `read` made with `attach`, handing each to
    /// `body` in the order of `hits`.
    ///
    /// A note is read from `notes` by id, and its snippet made from its text (``TopKNoteText``): no FTS5
    /// cursor. The rows of up to ``topKRowBatch`` notes are read before their snippets are made, on two threads
    /// when `splits`. Where that cannot be done (a query whose phrases ``QueryPhrases`` does not read, or a
    /// tokenizer failure), FTS5 makes the snippet: one seek a note, except for a query with a prefix, where
    /// one FTS5 query walks the match once for all of them (``SearchSQL/topKRows(ids:match:snippets:)``),
    /// since each seek would build the prefix's doclist again.
    static func forEachTopKRow<Value>(_ db: Connection, _ hits: [TopKPlan.Hit], match: String, query: ParsedQuery,
                                      snippets: SearchSnippets?, splits: Bool, read: (Statement) throws -> Value,
                                      attach: (inout Value, ChosenSnippet) -> Void,
                                      _ body: (TopKPlan.Hit, Value) throws -> Void) throws {
        func fromFTS5(_ row: Statement) throws -> Value {
            var value = try read(row)
            if snippets != nil { attach(&value, SearchSnippets.chosen(SnippetColumns(row: row, at: ResultColumn.next + 1))) }
            return value
        }
        if let text = try TopKNoteText(db, match: match, snippets: snippets, splits: splits, notes: hits.count) {
            // One statement, bound to each note in turn.
            let row = try db.cached(text.sql)
            // Reset however this ends: a statement left on a row keeps the connection's read snapshot.
            defer { try? row.reset() }
            var start = hits.startIndex
            while start < hits.endIndex {
                let batch = hits[start..<min(start + topKRowBatch, hits.endIndex)]
                start = batch.endIndex
                var found: [(hit: TopKPlan.Hit, value: Value)] = []
                var texts: [NoteTexts] = []
                for hit in batch {
                    try row.bind([.integer(hit.id)])
                    while try row.step() {
                        found.append((hit, try read(row)))
                        if text.makesSnippets { texts.append(text.texts(of: row)) }
                    }
                    try row.reset()
                }
                guard text.makesSnippets else {
                    for (hit, value) in found { try body(hit, value) }
                    continue
                }
                for ((hit, value), chosen) in zip(found, text.chosen(texts)) {
                    if let chosen {
                        var shown = value
                        attach(&shown, chosen)
                        try body(hit, shown)
                    } else {
                        let statement = SearchSQL.topKRow(id: hit.id, match: match, snippets: snippets)
                        try db.forEachRow(statement.sql, named: statement.parameters) { try body(hit, try fromFTS5($0)) }
                    }
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

    /// The most chosen notes whose rows are read before their snippets are made: a page of results at a time,
    /// so that a long one is still handed on as it is read.
    static let topKRowBatch = 32
}
