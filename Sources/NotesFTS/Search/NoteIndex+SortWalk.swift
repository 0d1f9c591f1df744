import SQLiteKit

extension NoteIndex {
    /// How much cheaper a step of an index walk is than reading and sorting one matching note: at 100,000
    /// notes (sqlite3 shell) walking the whole `modified` index while testing each note against a match took
    /// 13 ms (0.13 µs a note), and reading then sorting the matches 55 ms for 30,268 of them (1.8 µs each)
    /// and 3 ms for 1,000 (3 µs each).
    static let sortWalkCostRatio = 0.06

    /// Whether a page of notes ordered by `modified` or `created` (``SearchSort``; a query without ranking
    /// orders by `modified`) should walk that column's index, testing each note against the match and
    /// stopping once the page is full, rather than read every matching note and sort them.
    ///
    /// The walk reads about `page × notes / matches` index entries, the sort reads `matches` rows; the walk
    /// wins once `matches ≥ √(page × notes × ratio)` (``sortWalkCostRatio``), which one FTS5 query reading at
    /// most that many rows tells. A word in 30% of 100,000 notes, `-n 10`: 55 ms sorted, 4 ms walked; a word
    /// in 4 notes: 0.04 ms sorted, 13 ms walked.
    static func walksSortIndex(_ db: Connection, _ query: ParsedQuery, options: SearchOptions) throws -> Bool {
        guard let match = query.matchExpression else { return false }
        switch options.sort {
        case .rank, .modified, .created: break
        case .title, .path: return false
        }
        let notes = Double(try noteIDBound(db))
        let page = Double(max(options.limit, 0)) + Double(max(options.offset, 0))
        let enough = (page * notes * sortWalkCostRatio).squareRoot().rounded(.up)
        guard enough < notes else { return false }
        return try matches(db, match, atLeast: Int(enough))
    }

    /// The highest note id: the number of notes, or a little more after deletions (cheap: the last rowid).
    static func noteIDBound(_ db: Connection) throws -> Int {
        try db.scalarInt("SELECT max(id) FROM notes") ?? 0
    }

    /// Whether `match` finds at least `enough` notes. FTS5 does not know how many notes a match finds; this
    /// reads at most `enough` of its rows, which is what choosing between an index walk and a sort needs.
    static func matches(_ db: Connection, _ match: String, atLeast enough: Int) throws -> Bool {
        let probe = SearchSQL.matchesAtLeast(enough, match: match)
        return try db.query(probe.sql, named: probe.parameters) { $0.int(0) }.first ?? 0 >= enough
    }
}
