import Foundation
import Testing
@testable import SQLiteKit

@Suite struct ConnectionTests {
    @Test func opensWithWALAndPragmas() throws {
        let db = try Connection(path: temporaryDatabasePath())
        #expect(try db.scalarText("PRAGMA journal_mode") == "wal")
        #expect(try db.scalarInt("PRAGMA synchronous") == 1) // NORMAL
        #expect(db.hasFTS5)
    }

    @Test func doubleQuotedStringLiteralsAreOff() throws {
        let db = try Connection(path: temporaryDatabasePath())
        try db.execute("CREATE TABLE t(x)")
        #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t(x) VALUES(\"not a string\")") }
    }

    @Test func readOnlyRefusesWrites() throws {
        let path = temporaryDatabasePath()
        let writer = try Connection(path: path)
        try writer.execute("CREATE TABLE t(x)")
        let reader = try Connection(path: path, mode: .readOnly)
        let error = try #require(throws: SQLiteError.self) { try reader.run("INSERT INTO t(x) VALUES (1)") }
        #expect(error.code == 8) // SQLITE_READONLY
    }

    @Test func missingFileInReadOnlyModeFails() {
        #expect(throws: SQLiteError.self) { try Connection(path: "/nonexistent-dir/x.sqlite", mode: .readOnly) }
    }

    @Test func notADatabaseFailsAtOpen() throws {
        let path = temporaryDatabasePath()
        try Data("this is plain text, not SQLite, and long enough to fill a header.....................".utf8)
            .write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: SQLiteError.self) { try Connection(path: path) }
        #expect(error.isCorruptOrNotADatabase)
    }

    @Test func cachedStatementsAreReusedAndFinalizedOnClose() throws {
        let db = try Connection(path: temporaryDatabasePath())
        let first = try db.cached("SELECT 1")
        let second = try db.cached("SELECT 1")
        #expect(first === second)
        db.close()
        #expect(first.handle == nil)
        #expect(throws: SQLiteError.self) { try db.execute("SELECT 1") }
    }

    @Test func userVersionRoundTrips() throws {
        let db = try Connection(path: temporaryDatabasePath())
        #expect(try db.userVersion == 0)
        try db.setUserVersion(7)
        #expect(try db.userVersion == 7)
    }

    /// A kept object: made once a key, its own per key, released when the connection closes.
    private final class Kept {}

    @Test func attachmentsAreMadeOnceAKeyAndDroppedOnClose() throws {
        let db = try Connection(path: ":memory:")
        var made = 0
        let first = db.attachment("a") { made += 1; return Kept() }
        #expect(db.attachment("a") { made += 1; return Kept() } === first)
        #expect(made == 1)
        #expect(db.attachment("b") { made += 1; return Kept() } !== first)
        #expect(made == 2)
        weak let released = first
        _ = consume first
        db.close()
        #expect(released == nil)
    }
}
