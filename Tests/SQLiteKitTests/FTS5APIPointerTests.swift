import CSQLite
import Testing
@testable import SQLiteKit

/// `Connection.handle` is enough to reach FTS5's C API (what the CJK tokenizer registration relies on).
@Suite struct FTS5APIPointerTests {
    @Test func fts5FunctionHandsOutItsAPIThroughBindPointer() throws {
        let db = try Connection(path: ":memory:")
        let handle = try #require(db.handle)
        var statement: OpaquePointer?
        #expect(sqlite3_prepare_v2(handle, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        withUnsafeMutablePointer(to: &api) { pointer in
            #expect(sqlite3_bind_pointer(statement, 1, pointer, csqlite_fts5_api_pointer_type(), nil) == SQLITE_OK)
            #expect(sqlite3_step(statement) == SQLITE_ROW)
        }
        let found = try #require(api)
        #expect(found.pointee.iVersion >= 2)
    }

    @Test func fts5APIOfAConnection() throws {
        let db = try Connection(path: ":memory:")
        let handle = try #require(db.handle)
        let api = try #require(FTS5API.of(handle))
        #expect(api.pointee.iVersion >= 2)
    }
}
