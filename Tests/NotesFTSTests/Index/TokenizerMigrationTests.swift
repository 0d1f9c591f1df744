import Foundation
import NotesTokenizer
import SQLiteKit
import TestScratch
import Testing
@testable import NotesFTS

/// Schema v2 records the tokenizer; an index built with another one is rebuilt once, in place.
@Suite struct TokenizerMigrationTests {
    private let folder = URL(fileURLWithPath: ScratchFolder.make("tokenizer-migration"))
    private var path: String { folder.appendingPathComponent("index.sqlite").path }

    /// Writes a schema-v1 index (plain unicode61) holding `notes`, as the previous release did.
    private func writeVersion1Index(_ notes: [(String, String)]) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let db = try Connection(path: path)
        try db.execute("PRAGMA application_id=\(Schema.applicationID)")
        try db.execute(Schema.migrations[0])
        try db.setUserVersion(1)
        for (number, (title, body)) in notes.enumerated() {
            try db.run("INSERT INTO notes(path, title, body) VALUES (?1, ?2, ?3)", [.text("/n/\(number)"), .text(title), .text(body)])
        }
        db.close()
    }

    private func ids(_ index: NoteIndex, _ query: String) throws -> [Int64] {
        try index.search(query).map(\.id).sorted()
    }

    @Test func version1IndexIsUpgradedAndRebuiltWithTheCJKTokenizer() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeVersion1Index([("회의", "국회의원은 법률안을 제출할 수 있다"), ("Catalog", "The catalog was updated")])
        // Read-only cannot migrate: it says what to run.
        #expect(throws: NotesFTSError.olderSchema(path: path, found: 1, supported: Schema.currentVersion)) {
            try NoteIndex(path: path, mode: .readOnly)
        }
        let index = try NoteIndex(path: path)
        #expect(try index.connection.userVersion == Schema.currentVersion)
        #expect(try RankingTables.isCurrent(index.connection))
        #expect(try index.tokenizerName() == CJKTokenizer.name)
        let sql = try index.connection.scalarText("SELECT sql FROM sqlite_schema WHERE name = 'notes_fts'") ?? ""
        #expect(sql.contains(CJKTokenizer.name))
        #expect(try ids(index, "국회") == [1])
        #expect(try ids(index, "log") == [])
        #expect(try ids(index, "catalog") == [2])
        #expect(try index.checkIntegrity().isOK)
        index.close()
        let reader = try NoteIndex(path: path, mode: .readOnly)
        #expect(try ids(reader, "의원") == [1])
        reader.close()
    }

    @Test func anotherTokenizerVersionIsRebuiltOnceOnReadWriteOpen() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let index = try NoteIndex(path: path)
            try index.save(Note(path: "/n/1", title: "회의록", body: "전문검색 기능을 SQLite로 만든다"))
            // Pretend an older tokenizer built it.
            try index.connection.run("UPDATE meta SET value = 'notes_cjk_v0' WHERE key = 'tokenizer'")
            index.close()
        }
        #expect(throws: NotesFTSError.tokenizerOutdated(path: path, found: "notes_cjk_v0", current: CJKTokenizer.name)) {
            try NoteIndex(path: path, mode: .readOnly)
        }
        #expect(NotesFTSError.tokenizerOutdated(path: path, found: "notes_cjk_v0", current: CJKTokenizer.name)
            .description.contains("--rebuild` once"))
        let index = try NoteIndex(path: path)
        #expect(try index.tokenizerName() == CJKTokenizer.name)
        #expect(try ids(index, "검색") == [1])
        #expect(try index.checkIntegrity().isOK)
        // Done once: a second open finds the current tokenizer recorded and does nothing.
        #expect(try Schema.ensureTokenizer(index.connection, .cjk) == false)
        index.close()
    }

    @Test func plainUnicode61CanBeChosenIsKeptAndIsReplacedOnRequest() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let plain = try NoteIndex(path: path, tokenizer: .unicode61)
            try plain.save(Note(path: "/n/1", title: "검색", body: "데이터베이스를 만든다"))
            #expect(try plain.tokenizerName() == "unicode61")
            #expect(try ids(plain, "데이터베이스") == [])
            #expect(try ids(plain, "데이터베이스를") == [1])
            plain.close()
        }
        // Read-only keeps whatever the index was built with.
        let reader = try NoteIndex(path: path, mode: .readOnly)
        #expect(try reader.tokenizerName() == "unicode61")
        reader.close()
        // A read-write open without a choice keeps it too.
        let kept = try NoteIndex(path: path)
        #expect(try kept.tokenizerName() == "unicode61")
        #expect(try ids(kept, "데이터베이스") == [])
        kept.close()
        // Asking for the CJK tokenizer rebuilds once.
        let index = try NoteIndex(path: path, tokenizer: .cjk)
        #expect(try index.tokenizerName() == CJKTokenizer.name)
        #expect(try ids(index, "데이터베이스") == [1])
        #expect(try index.checkIntegrity().isOK)
        index.close()
    }

    @Test func aConnectionWithoutTheTokenizerCannotReadTheIndex() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try NoteIndex(path: path).close()
        let bare = try Connection(path: path, mode: .readOnly)
        #expect(throws: SQLiteError.self) {
            try bare.scalarInt("SELECT count(*) FROM notes_fts WHERE notes_fts MATCH '국회'")
        }
        #expect(CJKTokenizer.register(on: try #require(bare.handle)) == 0)
        #expect(try bare.scalarInt("SELECT count(*) FROM notes_fts WHERE notes_fts MATCH '국회'") == 0)
        bare.close()
    }

    @Test func bulkIndexingWithTheCJKTokenizerPassesTheIntegrityCheck() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        for number in 0..<20 {
            try "국회의원 \(number)번은 SQLite를 쓴다\n데이터베이스 전문검색".write(
                to: notes.appendingPathComponent("\(number).txt"), atomically: true, encoding: .utf8)
        }
        let index = try NoteIndex(path: path)
        _ = try Indexer(index: index).run(paths: [notes.path])
        #expect(try ids(index, "원").count == 20)
        #expect(try index.count(QueryParser.parse("sqlite 검색")) == 20)
        #expect(try index.checkIntegrity().isOK)
        // Updates and deletes through the triggers tokenize the old text identically.
        try index.save(Note(path: notes.appendingPathComponent("0.txt").path, title: "0", body: "日本語のメモ 전문검색엔진"))
        #expect(try index.deleteNote(id: 2))
        #expect(try index.count(QueryParser.parse("검색엔")) == 1)
        #expect(try index.count(QueryParser.parse("本語")) == 1)
        #expect(try index.checkIntegrity().isOK)
        index.close()
    }
}

@Suite struct TokenizerChoiceTests {
    @Test func aNewIndexUsesTheCJKTokenizer() throws {
        let index = try TestFolder().openIndex()
        #expect(try index.tokenizerName() == CJKTokenizer.name)
    }
}
