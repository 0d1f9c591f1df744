import SQLiteKit
import Testing
@testable import NotesFTS

/// ``HelperConnection``: the second connection begins only at the query connection's snapshot: not at the
/// first use (nothing recorded yet), not outside a transaction or in a transaction begun before the recording,
/// not after another connection committed, and never for an index in memory.
struct HelperConnectionTests {
    @Test func beginsOnlyAtTheSameSnapshot() throws {
        let folder = TestFolder()
        let writer = try folder.openIndex()
        _ = try writer.save(Note(path: "/a.md", title: "alpha", body: "bravo"))
        let reader = try NoteIndex(path: folder.database, mode: .readOnly)
        let db = reader.connection
        let helper = HelperConnection.of(db)
        #expect(helper.begin(matching: db) == nil, "outside a transaction")
        #expect(try db.transaction(.deferred) { helper.begin(matching: db) } == nil, "first use: records")
        // Begun after the recording, nothing committed since: the second connection reads the same notes.
        try db.transaction(.deferred) { () throws in
            guard let second = helper.begin(matching: db) else {
                Issue.record("not begun after a recording")
                return
            }
            let counts = (try second.scalarInt("SELECT count(*) FROM notes"), try db.scalarInt("SELECT count(*) FROM notes"))
            #expect(counts.0 == counts.1 && counts.0 == 1)
            helper.end(db)
        }
        // A commit by another connection since the recording: not the same snapshot.
        try db.transaction(.deferred) {
            _ = try db.scalarInt("SELECT count(*) FROM notes")
            _ = try writer.save(Note(path: "/b.md", title: "charlie", body: "delta"))
            #expect(helper.begin(matching: db) == nil, "a commit since the recording")
        }
        // Recorded again after the commit: the next transaction may begin it.
        #expect(try db.transaction(.deferred) { () -> Bool in
            let begun = helper.begin(matching: db) != nil
            if begun { helper.end(db) }
            return begun
        })
    }

    @Test func neverForAnIndexInMemory() throws {
        let db = try Connection(path: ":memory:")
        let helper = HelperConnection.of(db)
        #expect(helper.connection == nil)
        try db.transaction(.deferred) { #expect(helper.begin(matching: db) == nil) }
        try db.transaction(.deferred) { #expect(helper.begin(matching: db) == nil) }
    }
}
