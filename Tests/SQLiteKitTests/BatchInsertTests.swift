import Testing
@testable import SQLiteKit

@Suite struct BatchInsertTests {
    @Test(arguments: [0, 1, 3, 4, 7, 1000])
    func writesEveryRowInOrder(count: Int) throws {
        let db = try Connection(path: temporaryDatabasePath())
        try db.execute("CREATE TABLE t(i INTEGER PRIMARY KEY, s TEXT)")
        let batch = try BatchInsert(db, "INSERT INTO t(i, s)", columns: 2, rowsPerStatement: 4)
        for number in 0..<count { try batch.append(.integer(Int64(number)), .text("row \(number)")) }
        try batch.finish()
        let rows = try db.query("SELECT i, s FROM t ORDER BY i") { "\($0.int(0)):\($0.text(1) ?? "")" }
        #expect(rows == (0..<count).map { "\($0):row \($0)" })
    }

    @Test func rowsNotFinishedAreNotWritten() throws {
        let db = try Connection(path: temporaryDatabasePath())
        try db.execute("CREATE TABLE t(i)")
        let batch = try BatchInsert(db, "INSERT INTO t(i)", columns: 1, rowsPerStatement: 4)
        for number in 0..<6 { try batch.append(.integer(Int64(number))) }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 4)
    }

    @Test func aRowOfTheWrongWidthIsAnError() throws {
        let db = try Connection(path: temporaryDatabasePath())
        try db.execute("CREATE TABLE t(a, b)")
        let batch = try BatchInsert(db, "INSERT INTO t(a, b)", columns: 2)
        let error = try #require(throws: SQLiteError.self) { try batch.append(.integer(1)) }
        #expect(error.code == 25) // SQLITE_RANGE
    }

    @Test func aConstraintFailureCarriesTheStatement() throws {
        let db = try Connection(path: temporaryDatabasePath())
        try db.execute("CREATE TABLE t(i UNIQUE)")
        let batch = try BatchInsert(db, "INSERT INTO t(i)", columns: 1, rowsPerStatement: 2)
        try batch.append(.integer(1))
        let error = try #require(throws: SQLiteError.self) { try batch.append(.integer(1)) }
        #expect(error.code == 19) // SQLITE_CONSTRAINT
        #expect(error.sql?.hasPrefix("INSERT INTO t(i) VALUES") == true)
    }
}
