import Foundation
import Testing
@testable import NotesFTS
@testable import SQLiteKit

@Suite struct SchemaTests {
    @Test func createsExternalContentTableAndThreeTriggers() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        let db = index.connection
        let sql = try db.scalarText("SELECT sql FROM sqlite_schema WHERE name = 'notes_fts'") ?? ""
        #expect(sql.contains("fts5"))
        #expect(sql.contains("content='notes_fts_content'"))
        #expect(sql.contains("content_rowid='id'"))
        let triggers = try db.query("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'notes' ORDER BY name") { $0.text(0) ?? "" }
        #expect(triggers == ["notes_ad", "notes_ai", "notes_au"])
        let update = try db.scalarText("SELECT sql FROM sqlite_schema WHERE name = 'notes_au'") ?? ""
        #expect(update.contains("AFTER UPDATE OF title, body, tags, aliases"))
        #expect(try db.userVersion == Schema.currentVersion)
    }

    @Test func reopeningKeepsData() throws {
        let folder = TestFolder()
        do {
            let index = try folder.openIndex()
            try index.save(Note(path: "app://1", title: "Kept", body: "still here"))
            index.close()
        }
        let reopened = try folder.openIndex()
        #expect(try reopened.titles("still") == ["Kept"])
    }

    @Test func refusesIndexFromNewerVersion() throws {
        let folder = TestFolder()
        do {
            let index = try folder.openIndex()
            try index.connection.setUserVersion(Schema.currentVersion + 1)
            index.close()
        }
        #expect(throws: NotesFTSError.newerSchema(path: folder.database, found: Schema.currentVersion + 1,
                                                  supported: Schema.currentVersion)) {
            try folder.openIndex()
        }
    }

    @Test func refusesOtherSQLiteDatabases() throws {
        let folder = TestFolder()
        do {
            let other = try Connection(path: folder.database)
            try other.execute("CREATE TABLE invoices(id INTEGER PRIMARY KEY, total REAL)")
            other.close()
        }
        #expect(throws: NotesFTSError.notAnIndex(path: folder.database)) { try folder.openIndex() }
        // The foreign database is untouched.
        let check = try Connection(path: folder.database)
        #expect(try check.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'invoices'") == 1)
    }

    @Test func refusesFilesThatAreNotDatabases() throws {
        let folder = TestFolder()
        _ = FileManager.default.createFile(atPath: folder.database, contents: Data(repeating: 0x41, count: 4096))
        let error = try #require(throws: NotesFTSError.self) { try folder.openIndex() }
        #expect(error.description.contains("not a readable SQLite database"))
    }

    @Test func readOnlyOpenRequiresAnExistingIndex() {
        let folder = TestFolder()
        #expect(throws: NotesFTSError.indexNotFound(path: folder.database)) {
            try NoteIndex(path: folder.database, mode: .readOnly)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.database))
    }

    @Test func createsParentFolders() throws {
        let folder = TestFolder()
        let nested = folder.root + "/a/b/c/index.sqlite"
        _ = try NoteIndex(path: nested)
        #expect(FileManager.default.fileExists(atPath: nested))
    }
}
