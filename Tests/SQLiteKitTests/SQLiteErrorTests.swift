import Testing
@testable import SQLiteKit

@Suite struct SQLiteErrorTests {
    @Test func descriptionIsOneLineWithCodesAndSQL() {
        let error = SQLiteError(code: 19, extendedCode: 2067, message: "UNIQUE constraint failed: t.x",
                                sql: "INSERT INTO t\nVALUES (?)")
        #expect(error.description == "SQLite error 19/2067: UNIQUE constraint failed: t.x (in: INSERT INTO t VALUES (?))")
        #expect(!error.description.contains("\n"))
    }

    @Test func busyAndCorruptClassification() {
        #expect(SQLiteError(code: 5, message: "").isBusy)
        #expect(SQLiteError(code: 26, message: "").isCorruptOrNotADatabase)
        #expect(!SQLiteError(code: 1, message: "").isBusy)
    }
}
