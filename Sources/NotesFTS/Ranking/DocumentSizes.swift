import SQLiteKit

/// Every note's size in tokens over all columns (`xColumnSize(-1)`, bm25's `D`), read from
/// `notes_fts_docsize`, whose `sz` holds one SQLite varint per column.
struct DocumentSizes {
    private var dense: [Int32] = []
    private var sparse: [Int64: Int32] = [:]
    /// The row count and total size, as FTS5's averages record holds them once committed.
    private(set) var totals = FullTextTotals(rows: 0, tokens: 0)

    init(_ db: Connection) throws {
        let maximum = try db.scalarInt("SELECT max(id) FROM notes_fts_docsize") ?? 0
        let rows = try db.scalarInt("SELECT count(*) FROM notes_fts_docsize") ?? 0
        let useDense = maximum <= 4 * rows + 1024
        if useDense { dense = [Int32](repeating: -1, count: maximum + 1) }
        let statement = try db.prepare("SELECT id, sz FROM notes_fts_docsize")
        defer { statement.finalize() }
        while try statement.step() {
            let size = Int32(clamping: Self.total(statement.blob(1) ?? []))
            let id = statement.int64(0)
            totals.rows += 1
            totals.tokens += Int64(size)
            if useDense, id >= 0, id < dense.count { dense[Int(id)] = size } else { sparse[id] = size }
        }
    }

    /// The size of note `id`, or `nil` when FTS5 has no row for it.
    subscript(id: Int64) -> Int? {
        if id >= 0 && id < dense.count, dense[Int(id)] >= 0 { return Int(dense[Int(id)]) }
        return sparse[id].map(Int.init)
    }

    /// The sum of the varints in a `sz` blob.
    static func total(_ bytes: [UInt8]) -> Int64 {
        var offset = 0
        var sum: Int64 = 0
        while offset < bytes.count, let value = FullTextTotals.varint(bytes, &offset) { sum += value }
        return sum
    }

    /// The size of one note, read on its own.
    static func size(of id: Int64, _ db: Connection) throws -> Int? {
        guard case .blob(let bytes)? = try db.scalarValue("SELECT sz FROM notes_fts_docsize WHERE id = ?1", [.integer(id)]) else {
            return nil
        }
        return Int(total(bytes))
    }
}
