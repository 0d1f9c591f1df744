import SQLiteKit

/// What bm25 needs of every note an FTS5 MATCH expression matches, from one walk of it: the note's id, the
/// weighted frequency of the expression's instances (``RowStatisticsFunctions``) and the note's size `D`.
///
/// The sizes come from ``SizeBlocks`` when that table is usable: the walk then reads only ids and
/// frequencies, and ``completeSizes(_:_:)`` reads the sizes afterwards, one table row per 1,024 note ids. Otherwise
/// (an index older than v9 read as it is, or top-k tables another tool left stale) FTS5 reads each row's size
/// during the walk, as before.
struct MatchStatistics {
    /// One matching note.
    struct Row {
        var id: Int64
        var frequency: Double
        /// The note's size; −1 until ``completeSizes(_:_:)`` reads it from the table.
        var size: Int32
    }

    /// Whether sizes come from ``SizeBlocks``.
    let sizesFromTable: Bool

    init(_ db: Connection) throws {
        sizesFromTable = try SizeBlocks.isUsable(db)
    }

    /// Appends the notes `match` matches to `rows`, in ascending id order; at most `limit` of them when given,
    /// and only those with ids from `from` and below `below` when given (FTS5 seeks to the range).
    func walk(_ match: String, _ db: Connection, into rows: inout [Row], limit: Int? = nil,
              from: Int64? = nil, below: Int64? = nil) throws {
        let frequency = "\(RowStatisticsFunctions.frequency)(notes_fts)"
        let size = sizesFromTable ? "-1" : "\(RowStatisticsFunctions.size)(notes_fts)"
        // Only the bounds given: `rowid < Int64.max` would leave out a note of that id.
        let range = (from == nil ? "" : " AND rowid >= ?3") + (below == nil ? "" : " AND rowid < ?4")
        let statement = try db.cached("SELECT rowid, \(frequency), \(size) FROM notes_fts WHERE notes_fts MATCH ?1\(range) LIMIT ?2")
        var parameters: [SQLiteValue] = [.text(match), .integer(Int64(limit ?? -1))]
        if from != nil || below != nil { parameters.append(.integer(from ?? 0)) }
        if let below { parameters.append(.integer(below)) }
        try statement.bind(parameters)
        try statement.forEachRow { row in
            rows.append(Row(id: row.int64(0), frequency: row.double(1), size: Int32(clamping: row.int(2))))
        }
    }

    /// Appends every instance of the indexed terms from `first` through `last` (in byte order) to `rows`, one row
    /// an instance weighted by its column (``Schema/rankWeights``), size left out: summed by note, the weighted
    /// frequencies one walk a term would give. One scan of FTS5's instances (`fts5vocab`, `instance`) over a
    /// range of terms, bounded inclusively at both ends by terms it holds, so no term outside it is read.
    func instances(from first: String, through last: String, _ db: Connection, into rows: inout [Row]) throws {
        try db.execute(Self.instancesSQL)
        let weights = Schema.rankWeights
        let statement = try db.cached("""
            SELECT doc, CASE col WHEN 'title' THEN \(weights.title) WHEN 'body' THEN \(weights.body) ELSE \(weights.tags) END
            FROM temp.notes_fts_instances WHERE term >= ?1 AND term <= ?2
            """)
        try statement.bind([.text(first), .text(last)])
        try statement.forEachRow { row in rows.append(Row(id: row.int64(0), frequency: row.double(1), size: -1)) }
    }

    /// FTS5's instances of every term, one row each (term, doc, col, offset), on the connection.
    static let instancesSQL = "CREATE VIRTUAL TABLE IF NOT EXISTS temp.notes_fts_instances USING fts5vocab(main, notes_fts, instance)"

    /// Reads the sizes the walks left out, from ``SizeBlocks``; `rows` in ascending id order reads each of its
    /// rows once (nothing to do when FTS5 gave the sizes).
    func completeSizes(_ rows: inout [Row], _ db: Connection) throws {
        guard sizesFromTable else { return }
        var reader = try SizeBlocks.Reader(db)
        defer { try? reader.finish() }
        for index in rows.indices {
            rows[index].size = Int32(clamping: try reader.size(of: rows[index].id, db))
        }
    }
}
