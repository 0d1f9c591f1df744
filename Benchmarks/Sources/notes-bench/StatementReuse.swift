import Foundation
import SQLiteKit

/// Measures what statement reuse is worth on the write path: `rows` inserts of a note-shaped row into a
/// scratch database in one transaction, through the connection's statement cache (prepared once) and with a
/// fresh `prepare`/finalize per row.
enum StatementReuse {
    /// A Markdown table row pair: cached vs prepared per row, in seconds.
    static func measure(work: String, rows: Int) throws -> String {
        let sql = "INSERT INTO notes(path, position, title, body, modified) VALUES (?1, ?2, ?3, ?4, ?5)"
        let body = String(repeating: "lorem ipsum dolor sit amet ", count: 100)
        var results: [(String, Double)] = []
        for cached in [true, false] {
            let path = work + "/statement-reuse.sqlite"
            BuildBenchmark.removeDatabase(path)
            let db = try Connection(path: path, configuration: { var c = Connection.Configuration(); c.requireFTS5 = false; return c }())
            try db.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, path TEXT, position INT, title TEXT, body TEXT, modified TEXT)")
            let started = Clock.now()
            try db.transaction {
                for row in 0..<rows {
                    let values: [SQLiteValue] = [.text("/notes/\(row).md"), .integer(0), .text("Title \(row)"), .text(body),
                                                 .text("2024-01-01T00:00:00Z")]
                    if cached {
                        try db.run(sql, values)
                    } else {
                        let statement = try db.prepare(sql)
                        try statement.bind(values)
                        try statement.run()
                        statement.finalize()
                    }
                }
            }
            results.append((cached ? "cached statement (Connection.run)" : "prepare + finalize per row", Clock.seconds(since: started)))
            db.close()
            BuildBenchmark.removeDatabase(path)
        }
        return results.map { "| statement reuse | \($0.0), \(rows) inserts | \(String(format: "%.3f", $0.1)) | | | | | |" }
            .joined(separator: "\n")
    }
}
