import Foundation
import SQLiteKit
import TestScratch
import Testing
@testable import NotesFTS

/// `SubstringQuery` / `NoteIndex.searchSubstring`: what LIKE '%text%' finds, case-insensitive beyond ASCII.
@Suite struct SubstringSearchTests {
    private static let notes: [Note] = [
        Note(path: "/s/1", title: "Logbook", body: "The catalog was updated. Deployment went fine."),
        Note(path: "/s/2", title: "국회", body: "국회의원은 법률안을 제출할 수 있다"),
        Note(path: "/s/3", title: "DB", body: "데이터베이스를 만든다. SQLite를 쓴다. 전문검색 기능"),
        Note(path: "/s/4", title: "Äpfel", body: "ÄRGER mit Öl; straße", tags: ["Küche"]),
        Note(path: "/s/5", title: "log", body: "a log entry, mysqlite를 봤다"),
    ]

    private func withIndex(_ body: (NoteIndex) throws -> Void) throws {
        let folder = URL(fileURLWithPath: ScratchFolder.make("substring"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = try NoteIndex(path: folder.appendingPathComponent("index.sqlite").path)
        defer { index.close() }
        for note in Self.notes { try index.save(note) }
        try body(index)
    }

    private func ids(_ index: NoteIndex, _ text: String) throws -> [Int64] {
        try index.searchSubstring(SubstringQuery(text), options: SearchOptions(limit: 100)).map(\.id).sorted()
    }

    @Test func findsWhatLikeFindsAndMoreCase() throws {
        try withIndex { index in
            for text in ["talog", "log", "LOG", "catalog was", "e CATALOG", "원은", "QLite를", "sqlite를", "를 쓴", "국",
                         "문검", "ent went", "x", "ate", "a log e"] {
                let like = Set(try index.connection.query(
                    "SELECT id FROM notes WHERE title LIKE ?1 OR body LIKE ?1 OR tags LIKE ?1",
                    [.text("%" + text + "%")]) { $0.int64(0) })
                #expect(Set(try ids(index, text)) == like, "substring \(text)")
                #expect(try index.countSubstring(SubstringQuery(text)) == like.count)
            }
            // Beyond ASCII, case still folds (LIKE would not); accents still count.
            #expect(try ids(index, "äpf") == [4])
            #expect(try ids(index, "ärger") == [4])
            #expect(try ids(index, "KÜCHE") == [4])
            #expect(try ids(index, "apfel") == [])
        }
    }

    /// Text inside a user-perceived character (a Devanagari syllable, an emoji with a skin tone, a keycap) is
    /// found as LIKE finds it, whether the index narrows the candidates (`हिंद`, `keycap 1`) or every note is
    /// scanned (`👍`).
    @Test(arguments: ["हिंद", "👍", "keycap 1", "1\u{FE0F}", "🏽 ok", "\u{20E3}", "पसं", "ि"])
    func findsTextInsideMultiScalarCharactersAsLikeDoes(text: String) throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        try index.save(Note(path: "/h.md", title: "H", body: "मुझे हिंदी पसंद है"))
        try index.save(Note(path: "/e.md", title: "E", body: "thumbs 👍🏽 ok, keycap 1️⃣"))
        try index.save(Note(path: "/o.md", title: "O", body: "thumbs up, keycap one"))
        let like = try index.connection.scalarInt(
            "SELECT count(*) FROM notes WHERE title LIKE ?1 OR body LIKE ?1 OR tags LIKE ?1", [.text("%" + text + "%")]) ?? -1
        #expect(like == 1)
        #expect(try index.countSubstring(SubstringQuery(text)) == like)
        let hit = try #require(try index.searchSubstring(SubstringQuery(text)).first)
        // The snippet's highlight is the text itself, at code-point offsets.
        let scalars = Array(hit.snippet.text.unicodeScalars)
        #expect(hit.snippet.highlights.map { String(String.UnicodeScalarView(scalars[$0])) } == [text])
    }

    @Test func usesTheIndexWhereTheTokensAllow() {
        #expect(SubstringQuery("talog").matchExpression == nil)
        #expect(SubstringQuery(" log ").matchExpression == "\"log\"")
        #expect(SubstringQuery(" log").matchExpression == "\"log\" *")
        #expect(SubstringQuery("catalog was").matchExpression == "\"was\" *")
        #expect(SubstringQuery("데이터베이스").matchExpression == "\"데이터베이스\"")
        #expect(SubstringQuery("국").matchExpression == "\"국\" *")
        #expect(SubstringQuery("sqlite를 쓴다").matchExpression == "\"를\" * AND \"쓴다\"")
        #expect(SubstringQuery("a\"b").matchExpression == "\"b\" *")
    }

    @Test func snippetsMarkExactlyTheText() throws {
        try withIndex { index in
            let hit = try #require(index.searchSubstring(SubstringQuery("TALOG")).first)
            #expect(hit.id == 1)
            #expect(hit.snippet.marked(open: "[", close: "]") == "The ca[talog] was updated. Deployment went fine.")
            let korean = try #require(index.searchSubstring(SubstringQuery("의원은 법")).first)
            #expect(korean.snippet.marked(open: "[", close: "]") == "국회[의원은 법]률안을 제출할 수 있다")
        }
    }

    @Test func pagesAndOrders() throws {
        try withIndex { index in
            let all = try index.searchSubstring(SubstringQuery("log"), options: SearchOptions(limit: 10))
            #expect(Set(all.map(\.id)) == [1, 5])
            let second = try index.searchSubstring(SubstringQuery("log"), options: SearchOptions(limit: 1, offset: 1))
            #expect(second.map(\.id) == [all[1].id])
            var byPath = SearchOptions(limit: 10)
            byPath.sort = .path
            #expect(try index.searchSubstring(SubstringQuery("log"), options: byPath).map(\.id) == [1, 5])
        }
    }
}
