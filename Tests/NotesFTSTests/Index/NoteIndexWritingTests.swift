import Foundation
import Testing
@testable import NotesFTS
@testable import SQLiteKit

@Suite struct NoteIndexWritingTests {
    private func source(_ path: String, _ hash: String = "h") -> SourceFile {
        SourceFile(path: path, size: 1, mtimeNanoseconds: 1, hash: hash)
    }

    @Test func triggersKeepFullTextInSyncAcrossInsertUpdateDelete() throws {
        let index = try TestFolder().openIndex()
        let counts = try index.replaceNotes(of: source("/n/a.json"), with: [
            Note(path: "", title: "Alpha", body: "apple banana"),
            Note(path: "", title: "Beta", body: "cherry"),
        ])
        #expect(counts.added == 2)
        #expect(index.isConsistent)
        #expect(try index.titles("banana") == ["Alpha"])

        let ids = try index.connection.query("SELECT id FROM notes ORDER BY position") { $0.int64(0) }
        let updated = try index.replaceNotes(of: source("/n/a.json", "h2"), with: [
            Note(path: "", title: "Alpha", body: "apple durian"),
            Note(path: "", title: "Beta", body: "cherry"),
        ])
        #expect(updated.updated == 1 && updated.unchanged == 1)
        #expect(index.isConsistent)
        #expect(try index.titles("banana").isEmpty)
        #expect(try index.titles("durian") == ["Alpha"])
        // Updated in place: ids survive.
        #expect(try index.connection.query("SELECT id FROM notes ORDER BY position") { $0.int64(0) } == ids)

        let shrunk = try index.replaceNotes(of: source("/n/a.json", "h3"), with: [Note(path: "", title: "Alpha", body: "apple durian")])
        #expect(shrunk.removed == 1)
        #expect(try index.titles("cherry").isEmpty)
        #expect(index.isConsistent)

        try index.removeSource(path: "/n/a.json")
        #expect(try index.noteCount() == 0)
        #expect(try index.titles("apple").isEmpty)
        #expect(index.isConsistent)
    }

    @Test func updatingOnlyADateKeepsIndexConsistent() throws {
        let index = try TestFolder().openIndex()
        try index.save(Note(path: "app://1", title: "T", body: "words", modified: Date(timeIntervalSince1970: 0)))
        try index.save(Note(path: "app://1", title: "T", body: "words", modified: Date(timeIntervalSince1970: 86_400)))
        #expect(try index.connection.scalarText("SELECT modified FROM notes") == "1970-01-02T00:00:00Z")
        #expect(index.isConsistent)
    }

    @Test func saveAndDeleteForApps() throws {
        let index = try TestFolder().openIndex()
        let id = try index.save(Note(path: "app://42", title: "Groceries", body: "milk eggs", tags: ["home", "#errands"]))
        #expect(try index.search("milk").first?.id == id)
        #expect(try index.search("milk").first?.tags == ["home", "errands"])
        #expect(try index.deleteNote(id: id))
        #expect(try !index.deleteNote(id: id))
        #expect(try index.search("milk").isEmpty)
        #expect(index.isConsistent)
    }

    @Test func textIsNFCNormalisedAndControlCharactersRemoved() throws {
        let index = try TestFolder().openIndex()
        let decomposed = "한국어 메모".decomposedStringWithCanonicalMapping
        try index.save(Note(path: "app://1", title: "NFD", body: decomposed + "\u{02}x\u{03}"))
        let body = try index.connection.scalarText("SELECT body FROM notes") ?? ""
        #expect(body == "한국어 메모 x ")
        #expect(try index.titles("메모") == ["NFD"])
    }

    @Test func sourcesUnderARootIncludeOnlyThatTree() throws {
        let index = try TestFolder().openIndex()
        for path in ["/n/a.md", "/n/sub/b.md", "/n2/c.md", "/n-other/d.md", "/n"] {
            try index.recordSource(source(path))
        }
        #expect(Set(try index.sources(under: "/n").keys) == ["/n/a.md", "/n/sub/b.md", "/n"])
    }

    @Test func rebuildRestoresAFullTextIndexThatDrifted() throws {
        let index = try TestFolder().openIndex()
        try index.save(Note(path: "app://1", title: "T", body: "original"))
        // Simulate damage: change the content behind the triggers' back.
        try index.connection.execute("DROP TRIGGER notes_au; UPDATE notes SET body = 'changed';")
        #expect(try !index.checkIntegrity().fullTextOK)
        try index.rebuildFullText()
        #expect(try index.checkIntegrity().isOK)
        #expect(try index.titles("changed") == ["T"])
    }

    @Test func nestedTransactionsLeaveTheTopKReplayToTheOutermost() throws {
        let index = try indexTrackingACommonWord()
        #expect(try RankingTables.isCurrent(index.connection))
        try index.transaction {
            try index.save(Note(path: "app://3", title: "T", body: "common word changed"))
            try index.save(Note(path: "app://10", title: "T", body: "common word added"))
            // Each save is a savepoint: what it wrote waits in the log for the outermost transaction.
            #expect(try index.connection.scalarInt("SELECT count(*) FROM topk_log") == 3)
        }
        #expect(try RankingTables.isCurrent(index.connection))
        #expect(try index.connection.scalarInt("SELECT df FROM topk_terms WHERE term = 'common'") == 11)
        #expect(try PostingStore.load("common", index.connection).count == 11)
    }

    @Test func aDeferredTopKReplayRunsAtTheEndOrAtTheLimit() throws {
        let index = try indexTrackingACommonWord()
        let db = index.connection
        try index.deferringRankingReplay {
            try index.save(Note(path: "app://3", title: "T", body: "common word changed"))
            try index.save(Note(path: "app://10", title: "T", body: "common word added"))
            // Committed, with the log left for the end: searches meanwhile score in full.
            #expect(try db.scalarInt("SELECT count(*) FROM topk_log") == 3)
            #expect(try !RankingTables.isCurrent(db))
            #expect(try index.search("common").count == 11)
        }
        #expect(try RankingTables.isCurrent(db))
        #expect(try db.scalarInt("SELECT df FROM topk_terms WHERE term = 'common'") == 11)
        #expect(try PostingStore.load("common", db).count == 11)
        index.deferredReplayLimit = 2
        try index.deferringRankingReplay {
            try index.save(Note(path: "app://11", title: "T", body: "common word more"))
            #expect(try db.scalarInt("SELECT count(*) FROM topk_log") == 1)
            try index.save(Note(path: "app://4", title: "T", body: "common word edited"))
            #expect(try db.scalarInt("SELECT count(*) FROM topk_log") == 0, "replayed at the limit")
        }
        #expect(try PostingStore.load("common", db).count == 12)
    }

    /// `--explain` says why the top-k tables cannot be used: written by another tool since, of an older
    /// format (the next `notes-index` run rebuilds them), or not built; and they are used once rebuilt.
    @Test func theRankingPathSaysWhyTheTablesAreNotUsed() throws {
        let index = try indexTrackingACommonWord()
        let db = index.connection
        #expect(try index.rankingPath(QueryParser.parse("common word")).hasPrefix("top-k"))
        try db.run("INSERT INTO topk_log(note) VALUES (1)")
        #expect(try index.rankingPath(QueryParser.parse("common word")).contains("written by another tool since"))
        try db.run("DELETE FROM topk_log")
        try db.run("UPDATE meta SET value = '2' WHERE key = 'topk'")
        #expect(try index.rankingPath(QueryParser.parse("common word")).contains("older format (2; this version reads \(RankingTables.formatVersion))"))
        try db.run("DELETE FROM meta WHERE key = 'topk'")
        #expect(try index.rankingPath(QueryParser.parse("common word")).contains("not built yet"))
        try index.rebuildRankingTables()
        #expect(try index.rankingPath(QueryParser.parse("common word")).hasPrefix("top-k"))
    }

    /// An index of ten notes holding "common", with the top-k tables built and "common" tracked.
    private func indexTrackingACommonWord() throws -> NoteIndex {
        let index = try TestFolder().openIndex()
        index.rankingSettings = RankingSettings(headSize: 2, minimumDocumentFrequency: 3, minimumShare: 0.1)
        try index.transaction {
            for number in 0..<10 { try index.save(Note(path: "app://\(number)", title: "T", body: "common word \(number)")) }
        }
        try index.rebuildRankingTables()
        return index
    }
}
