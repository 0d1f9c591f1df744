import Foundation
import Testing
@testable import NotesFTS

/// Indexes written by older schema versions open, migrate in place and keep every note.
@Suite struct SchemaFixtureTests {
    @Test(arguments: SchemaFixtures.versions)
    func migratesAndKeepsEveryNote(version: Int) throws {
        let folder = TestFolder()
        let path = try SchemaFixtures.copy(version: version, into: folder)
        let before = try SchemaFixtures.rows(path)
        #expect(before.count == 6)

        let index = try NoteIndex(path: path)
        #expect(try index.connection.userVersion == Schema.currentVersion)
        #expect(try SchemaFixtures.rows(path) == before)
        #expect(try index.checkIntegrity().isOK)
        #expect(try index.search("국회").map(\.title) == ["국회 회의록"])
        #expect(try index.search("데이터베이스").map(\.title) == ["국회 회의록"])
        #expect(try index.search("cafe").map(\.title) == ["Groceries"])
        index.close()
    }

    @Test func readOnlyOpenOfAnOlderSchemaAsksForAnUpgrade() throws {
        let folder = TestFolder()
        let path = try SchemaFixtures.copy(version: 1, into: folder)
        #expect(throws: NotesFTSError.olderSchema(path: path, found: 1, supported: Schema.currentVersion)) {
            try NoteIndex(path: path, mode: .readOnly)
        }
    }
}
