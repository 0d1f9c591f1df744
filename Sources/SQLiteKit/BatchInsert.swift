import CSQLite

/// Writes many rows into one table with few statement executions: rows are buffered and written
/// `rowsPerStatement` at a time by one prepared `INSERT … VALUES (…), (…), …`, so a million-row fill costs a
/// few thousand statement steps instead of a million (measured in Benchmarks/README.md, tuning log).
///
/// ```swift
/// let batch = try BatchInsert(db, "INSERT INTO t(a, b)", columns: 2)
/// for (a, b) in pairs { try batch.append(.integer(a), .text(b)) }
/// try batch.finish()
/// ```
///
/// Call ``finish()`` to write the last, partial batch; rows still buffered when the batch is discarded are
/// not written. Use it inside a transaction, like any bulk write.
public final class BatchInsert {
    private let connection: Connection
    private let prefix: String
    private let columns: Int
    private let rowsPerStatement: Int
    private var buffer: [SQLiteValue] = []
    private var full: Statement?

    /// Prepares for rows of `columns` values written by `prefix` (`INSERT [OR …] INTO table(columns…)`, without
    /// `VALUES`). `rowsPerStatement` is capped so a statement binds at most 32,766 parameters (SQLite's limit).
    public init(_ connection: Connection, _ prefix: String, columns: Int, rowsPerStatement: Int = 256) throws {
        precondition(columns > 0, "a row has at least one column")
        self.connection = connection
        self.prefix = prefix
        self.columns = columns
        self.rowsPerStatement = max(1, min(rowsPerStatement, 32_766 / columns))
        buffer.reserveCapacity(self.rowsPerStatement * columns)
    }

    /// Buffers one row (exactly `columns` values), writing a full batch when one is ready.
    public func append(_ values: SQLiteValue...) throws {
        guard values.count == columns else {
            throw SQLiteError(code: SQLITE_RANGE, message: "a row of \(values.count) values for \(columns) columns",
                              sql: prefix)
        }
        buffer.append(contentsOf: values)
        if buffer.count == rowsPerStatement * columns {
            let statement = try full ?? connection.prepare(sql(rows: rowsPerStatement))
            full = statement
            try write(with: statement)
        }
    }

    /// Writes the rows still buffered.
    public func finish() throws {
        guard !buffer.isEmpty else { return }
        let statement = try connection.prepare(sql(rows: buffer.count / columns))
        defer { statement.finalize() }
        try write(with: statement)
    }

    private func write(with statement: Statement) throws {
        try statement.reset()
        for (offset, value) in buffer.enumerated() {
            try statement.bind(value, at: Int32(offset + 1))
        }
        try statement.run()
        buffer.removeAll(keepingCapacity: true)
    }

    private func sql(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ",") + ")"
        return prefix + " VALUES " + Array(repeating: row, count: rows).joined(separator: ",")
    }
}
