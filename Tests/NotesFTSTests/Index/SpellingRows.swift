import SQLiteKit
@testable import NotesFTS

/// `spelling`'s rows for tests: written from passes in one go (the reference fills compare against), and read
/// back as text.
enum SpellingRows {
    /// Replaces `spelling` with the rows of `passes`, in order, in one transaction.
    static func write(_ passes: [SpellingPass], into index: NoteIndex) throws {
        try index.transaction {
            try index.connection.execute("DELETE FROM spelling")
            let rows = try BatchInsert(index.connection, "INSERT INTO spelling(bucket, entries)", columns: 2)
            for pass in passes { try pass.write(rows) }
        }
    }

    /// Every row of `spelling`, `bucket:hex(entries)`, in bucket order.
    static func of(_ index: NoteIndex) throws -> [String] {
        try index.read { try $0.query("SELECT bucket || ':' || hex(entries) FROM spelling ORDER BY bucket") { $0.text(0) ?? "" } }
    }
}
