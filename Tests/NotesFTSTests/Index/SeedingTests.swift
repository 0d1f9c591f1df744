import Foundation
import Testing
@testable import NotesFTS

/// `NoteIndex(path:seedingFrom:)` copies an app-shipped index on first use only, checking and migrating it.
@Suite struct SeedingTests {
    @Test(arguments: SchemaFixtures.versions)
    func copiesOnFirstUseOnly(version: Int) throws {
        let folder = TestFolder()
        let seed = SchemaFixtures.path(version: version)
        let path = folder.root + "/app/support/notes.sqlite"

        let first = try NoteIndex(path: path, seedingFrom: seed)
        #expect(try first.noteCount() == 6)
        #expect(try first.connection.userVersion == Schema.currentVersion)
        try first.save(Note(path: "app://mine", title: "Mine", body: "written after seeding"))
        first.close()

        let second = try NoteIndex(path: path, seedingFrom: seed)
        #expect(try second.noteCount() == 7)
        #expect(try second.search("seeding").map(\.title) == ["Mine"])
        second.close()
        #expect(try SchemaFixtures.rows(seed).count == 6)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.root + "/app/support")
        #expect(leftovers.allSatisfy { $0.hasPrefix("notes.sqlite") && !$0.contains("seeding") })
    }

    @Test(arguments: [false, true])
    func anUnusableSeedLeavesNothingBehind(seedExists: Bool) throws {
        let folder = TestFolder()
        let seed = seedExists ? folder.write("not-an-index.sqlite", "just text, not SQLite") : folder.root + "/missing.sqlite"
        let path = folder.root + "/notes.sqlite"
        #expect {
            try NoteIndex(path: path, seedingFrom: seed)
        } throws: { error in
            guard case NotesFTSError.seedUnusable(path, seed, _) = error else { return false }
            return true
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root).filter { $0.contains("seeding") }.isEmpty)
    }
}
