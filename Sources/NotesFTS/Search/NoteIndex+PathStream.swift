import SQLiteKit

extension NoteIndex {
    /// The path of each note a parsed query finds, each path once (where its first note comes), in the order
    /// of `options` (as ``search(_:options:)`` orders the notes), handed to `body` as it is read: nothing is
    /// read per note but its path and nothing is held but the paths already given (none in path order).
    ///
    /// In path order (``SearchSort/path``, what `notes-find -l` lists) a query matching many notes walks the
    /// `(path, position)` index and never reads the notes table or scores a note; one matching few reads its
    /// matches from FTS5 and sorts their paths.
    package func forEachPath(_ query: ParsedQuery, options: SearchOptions = SearchOptions(),
                             _ body: (String) throws -> Void) throws {
        try query.checkSearchable()
        if (query.isEmpty && options.dateFilters.isEmpty) || options.limit <= 0 { return }
        try read { db in
            if options.sort == .path { return try Self.pathsInPathOrder(db, query, options: options, body) }
            var seen = Set<String>()
            func once(_ path: String) throws { if seen.insert(path).inserted { try body(path) } }
            if let match = query.matchExpression, options.sort == .rank, !query.onlySelects {
                try db.transaction(.deferred) { try Self.rankedPaths(db, match: match, query: query, options: options, once) }
            } else {
                let statement = SearchSQL.ordered(query: query, options: options, columns: "n.path",
                                                  walksIndex: try Self.walksSortIndex(db, query, options: options))
                try db.forEachRow(statement.sql, named: statement.parameters) { try once($0.text(0) ?? "") }
            }
        }
    }

    /// Walking the path index beats sorting the matches' paths once at least 1 note in this many matches: at
    /// 100,000 notes (sqlite3 shell) the walk takes 42–51 ms whatever the word, the sort 28 ms for a word in 4%
    /// of the notes, 36 ms at 6.1%, 64 ms at 12.8% (Benchmarks/README.md).
    static let pathIndexWalkShare = 12

    private static func pathsInPathOrder(_ db: Connection, _ query: ParsedQuery, options: SearchOptions,
                                         _ body: (String) throws -> Void) throws {
        var walksIndex = true
        if let match = query.matchExpression {
            // FTS5 does not know how many notes a match finds; counting up to the share that favours the walk
            // reads few rows either way.
            walksIndex = try matches(db, match, atLeast: max(try noteIDBound(db) / pathIndexWalkShare, 1))
        }
        let statement = SearchSQL.pathOrder(query: query, options: options, walksPathIndex: walksIndex)
        var last: String?
        try db.forEachRow(statement.sql, named: statement.parameters) { row in
            let path = row.text(0) ?? ""
            if path != last { try body(path) }
            last = path
        }
    }

    private static func rankedPaths(_ db: Connection, match: String, query: ParsedQuery, options: SearchOptions,
                                    _ body: (String) throws -> Void) throws {
        if case .answered(let hits, _) = try TopKPlan.run(db, query, options: options) {
            try forEachTopKRow(db, hits, match: match, query: query, snippets: nil, read: { row, _ in row.text(.path) ?? "" }) {
                try body($1)
            }
            return
        }
        let statement = SearchSQL.ranked(match: match, query: query, options: options, snippets: nil, columns: "n.id, n.path")
        var ties = RankTies<String>()
        try db.forEachRow(statement.sql, named: statement.parameters) { row in
            try ties.add(row.text(1) ?? "", id: row.int64(0), score: row.double(2), body)
        }
        try ties.flush(body)
    }
}
