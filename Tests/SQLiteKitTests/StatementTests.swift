import Testing
@testable import SQLiteKit

@Suite struct StatementTests {
    @Test func bindsAndReadsEveryType() throws {
        let db = try Connection(path: temporaryDatabasePath())
        try db.execute("CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n)")
        try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [42, 1.5, "héllo 국회", .blob([0, 1, 255]), nil])
        let rows = try db.query("SELECT i, r, s, b, n FROM t") { row in
            [row.value(0), row.value(1), row.value(2), row.value(3), row.value(4)]
        }
        #expect(rows == [[.integer(42), .real(1.5), .text("héllo 국회"), .blob([0, 1, 255]), .null]])
    }

    @Test func textIsBoundWholeWithANulInside() throws {
        let db = try Connection(path: temporaryDatabasePath())
        let rows = try db.query("SELECT length(CAST(?1 AS BLOB)), ?1 > 'read', ?1 < 'read0', hex(?1)", ["read\u{0}x"]) {
            [$0.value(0), $0.value(1), $0.value(2), $0.value(3)]
        }
        #expect(rows == [[.integer(6), .integer(1), .integer(1), .text("7265616400" + "78")]])
    }

    @Test func wrongParameterCountIsAnError() throws {
        let db = try Connection(path: temporaryDatabasePath())
        let error = try #require(throws: SQLiteError.self) { try db.run("SELECT ?, ?", [1]) }
        #expect(error.message.contains("2 parameters"))
    }

    @Test func bindsNamedParametersUsedTwice() throws {
        let db = try Connection(path: temporaryDatabasePath())
        let rows = try db.query("SELECT :a + :a, :b", named: [":a": 20, ":b": "x"]) { [$0.value(0), $0.value(1)] }
        #expect(rows == [[.integer(40), .text("x")]])
    }

    @Test(arguments: [[":a": SQLiteValue.integer(1)], [":a": 1, ":b": 2, ":c": 3], [":a": 1, ":z": 2]])
    func namedParametersMustMatchTheStatement(_ values: [String: SQLiteValue]) throws {
        let db = try Connection(path: temporaryDatabasePath())
        let error = try #require(throws: SQLiteError.self) { try db.query("SELECT :a, :b", named: values) { $0.int(0) } }
        #expect(error.code == 25) // SQLITE_RANGE
    }

    @Test func stepThrowsWithSQLAndMessage() throws {
        let db = try Connection(path: temporaryDatabasePath())
        try db.execute("CREATE TABLE t(x UNIQUE)")
        try db.run("INSERT INTO t VALUES (1)")
        let error = try #require(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", [1]) }
        #expect(error.code == 19) // SQLITE_CONSTRAINT
        #expect(error.extendedCode == 2067) // SQLITE_CONSTRAINT_UNIQUE
        #expect(error.message.contains("UNIQUE"))
        #expect(error.sql == "INSERT INTO t VALUES (?)")
        // The cached statement still works after the failure.
        try db.run("INSERT INTO t VALUES (?)", [2])
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 2)
    }

    @Test func prepareErrorCarriesSQL() throws {
        let db = try Connection(path: temporaryDatabasePath())
        let error = try #require(throws: SQLiteError.self) { try db.prepare("SELEC 1") }
        #expect(error.sql == "SELEC 1")
        #expect(error.message.contains("syntax error"))
        #expect(error.description.contains("SELEC 1"))
    }

    @Test func rowsAreReadInPlaceAndTheStatementReset() throws {
        let db = try Connection(path: temporaryDatabasePath())
        try db.execute("CREATE TABLE t(i INTEGER, r REAL); INSERT INTO t VALUES (1, 0.5), (2, 1.5), (NULL, NULL)")
        let statement = try db.cached("SELECT i, r FROM t WHERE i IS NULL OR i >= ?1 ORDER BY i")
        try statement.bind([1])
        var rows: [String] = []
        try statement.forEachRow { rows.append("\($0.int64(0)) \($0.int(0)) \($0.double(1))") }
        #expect(rows == ["0 0 0.0", "1 1 0.5", "2 2 1.5"])
        // Reset with its bindings: it runs again.
        var again = 0
        try statement.forEachRow { _ in again += 1 }
        #expect(again == 3)
        var texts: [String?] = []
        try db.cached("SELECT 'héllo 국회' UNION ALL SELECT NULL UNION ALL SELECT CAST(x'61ff62' AS TEXT)").forEachRow { texts.append($0.text(0)) }
        #expect(texts == ["héllo 국회", nil, "a\u{FFFD}b"])
        let failing = try db.prepare("SELECT abs(-9223372036854775807 - 1)")
        #expect(throws: SQLiteError.self) { try failing.forEachRow { _ in } }
        failing.finalize()
        #expect(throws: SQLiteError.self) { try failing.forEachRow { _ in } }
    }

    @Test func finalizedStatementRefusesUse() throws {
        let db = try Connection(path: temporaryDatabasePath())
        let statement = try db.prepare("SELECT 1")
        statement.finalize()
        #expect(throws: SQLiteError.self) { try statement.step() }
    }
}
