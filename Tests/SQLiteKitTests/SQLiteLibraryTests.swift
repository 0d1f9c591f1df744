import Foundation
import Testing
@testable import SQLiteKit

@Suite struct SQLiteLibraryTests {
    /// SQLite takes library settings only before it is initialized: once a connection has opened, the call
    /// says it was refused instead of pretending to change anything.
    @Test func memoryStatisticsAreRefusedOnceSQLiteRuns() throws {
        let db = try Connection(path: temporaryDatabasePath())
        try db.execute("CREATE TABLE t(x)")
        #expect(SQLiteLibrary.setMemoryStatistics(false) == false)
        #expect(SQLiteLibrary.setMemoryStatistics(true) == false)
    }
}
