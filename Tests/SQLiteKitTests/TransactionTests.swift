import Testing
@testable import SQLiteKit

private struct Boom: Error {}

@Suite struct TransactionTests {
    private func makeDatabase() throws -> Connection {
        let db = try Connection(path: temporaryDatabasePath())
        try db.execute("CREATE TABLE t(x)")
        return db
    }

    @Test func commitsWhenBodyReturns() throws {
        let db = try makeDatabase()
        try db.transaction { try db.run("INSERT INTO t VALUES (1)") }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 1)
        #expect(db.isAutocommit)
    }

    /// `isWriting` is true only while a write transaction is open: not in autocommit, not in a transaction
    /// that has only read, and again false once the writer commits.
    @Test func isWritingOnlyInAWriteTransaction() throws {
        let db = try makeDatabase()
        #expect(!db.isWriting)
        try db.transaction(.deferred) {
            _ = try db.scalarInt("SELECT count(*) FROM t")
            #expect(!db.isWriting)
            try db.run("INSERT INTO t VALUES (1)")
            #expect(db.isWriting)
        }
        #expect(!db.isWriting)
        try db.transaction(.immediate) { #expect(db.isWriting) }
    }

    @Test func rollsBackAndRethrowsWhenBodyThrows() throws {
        let db = try makeDatabase()
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 0)
        #expect(db.isAutocommit)
    }

    @Test func nestedTransactionIsASavepoint() throws {
        let db = try makeDatabase()
        try db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            try? db.transaction {
                try db.run("INSERT INTO t VALUES (2)")
                throw Boom()
            }
            try db.transaction { try db.run("INSERT INTO t VALUES (3)") }
        }
        #expect(try db.query("SELECT x FROM t ORDER BY x") { $0.int(0) } == [1, 3])
    }

    @Test func sqlErrorInsideRollsBack() throws {
        let db = try makeDatabase()
        #expect(throws: SQLiteError.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                try db.run("INSERT INTO missing VALUES (1)")
            }
        }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 0)
    }
}
