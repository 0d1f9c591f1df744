import Foundation
import NotesTokenizer
import SQLiteKit
import Testing
@testable import NotesFTS

/// Schema v3: aliases are indexed with the title (through the `notes_fts_content` view) and each date records
/// where it came from; a v2 index is upgraded in place.
@Suite struct AliasMigrationTests {
    private let folder = TestFolder()

    /// Writes a schema-v2 index with `tokenizer` recorded, holding one note, as the previous release did.
    private func writeVersion2Index(tokenizer: FullTextTokenizer) throws {
        let db = try Connection(path: folder.database)
        guard let handle = db.handle, CJKTokenizer.register(on: handle) == 0 else { throw NoteReadError("no tokenizer") }
        try db.execute("PRAGMA application_id=\(Schema.applicationID)")
        try db.execute(Schema.migrations[0])
        try db.execute(Schema.migrations[1])
        try db.setUserVersion(2)
        if tokenizer == .unicode61 {
            try db.execute("UPDATE meta SET value = 'unicode61' WHERE key = 'tokenizer'")
        }
        try db.run("INSERT INTO notes(path, title, body, modified) VALUES ('/n/a.md', 'Groceries', 'milk', '2024-01-01T00:00:00Z')")
        try db.run("INSERT INTO sources(path, size, mtime_ns, hash, indexed_at) VALUES ('/n/a.md', 4, 7, 'h', 'x')")
        db.close()
    }

    @Test(arguments: [FullTextTokenizer.cjk, .unicode61])
    func version2IsUpgradedInPlaceKeepingNotesAndTokenizer(tokenizer: FullTextTokenizer) throws {
        try writeVersion2Index(tokenizer: tokenizer)
        let index = try NoteIndex(path: folder.database)
        #expect(try index.connection.userVersion == Schema.currentVersion)
        #expect(try index.tokenizerName() == tokenizer.recordedName)
        #expect(try index.titles("milk") == ["Groceries"])
        #expect(try index.checkIntegrity().isOK)
        // Every source is read again by the next run, to fill the new columns.
        #expect(try index.sources(under: "/n")["/n/a.md"]?.mtimeNanoseconds == -1)
    }

    @Test func aliasesAreFoundLikeTheTitleButNotShown() throws {
        let index = try folder.openIndex()
        try index.save(Note(path: "/n/fts.md", title: "Search engine", body: "bm25 ranking", aliases: ["Grep replacement"]))
        try index.save(Note(path: "/n/other.md", title: "Shopping", body: "a grep replacement for the grocery list"))
        let results = try index.search("grep replacement")
        #expect(results.map(\.title) == ["Search engine", "Shopping"])
        #expect(try index.titles("title:grep") == ["Search engine"])
        #expect(try index.checkIntegrity().isOK)
        try index.save(Note(path: "/n/fts.md", title: "Search engine", body: "bm25 ranking", aliases: []))
        #expect(try index.titles("title:grep").isEmpty)
        #expect(try index.checkIntegrity().isOK)
    }

    @Test func aBulkFirstBuildIndexesAliasesToo() throws {
        folder.write("vault/Search engine.md", "---\naliases: [Grep replacement]\n---\n# Search engine\nbody text\n")
        let index = try folder.openIndex()
        _ = try folder.index(index)
        #expect(try index.titles("title:grep") == ["Search engine"])
        #expect(try index.checkIntegrity().isOK)
    }
}
