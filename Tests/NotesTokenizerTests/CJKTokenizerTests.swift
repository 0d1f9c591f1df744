import SQLiteKit
import Testing
@testable import NotesTokenizer

/// The `notes_cjk_v1` tokenizer on a bare FTS5 table: which tokens it makes, at which offsets, and that
/// non-CJK text keeps `unicode61` word semantics.
@Suite struct CJKTokenizerTests {
    /// An in-memory database with the tokenizer registered and a table `t(x)` using it.
    private func table(_ rows: [String]) throws -> Connection {
        let db = try Connection(path: ":memory:")
        #expect(CJKTokenizer.register(on: try #require(db.handle)) == 0)
        try db.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='\(CJKTokenizer.tokenizeOption)')")
        try db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row')")
        for row in rows { try db.run("INSERT INTO t(x) VALUES (?1)", [.text(row)]) }
        return db
    }

    private func terms(_ db: Connection) throws -> Set<String> {
        Set(try db.query("SELECT term FROM v") { $0.text(0) ?? "" })
    }

    private func matches(_ db: Connection, _ match: String) throws -> [Int64] {
        try db.query("SELECT rowid FROM t WHERE t MATCH ?1 ORDER BY rowid", [.text(match)]) { $0.int64(0) }
    }

    private func highlighted(_ db: Connection, _ match: String) throws -> [String] {
        try db.query("SELECT notes_highlight(t, 0, '[', ']') FROM t WHERE t MATCH ?1 ORDER BY rowid",
                     [.text(match)]) { $0.text(0) ?? "" }
    }

    @Test func hangulRunsBecomeBigramsPlusAFinalUnigram() throws {
        let db = try table(["국회의원은 법률안을"])
        #expect(try terms(db) == ["국회", "회의", "의원", "원은", "은", "법률", "률안", "안을", "을"])
    }

    @Test func mixedTokensSplitWhereTheScriptChanges() throws {
        let db = try table(["SQLite를 2024년에 Café"])
        #expect(try terms(db) == ["sqlite", "를", "2024", "년에", "에", "cafe"])
    }

    @Test func englishKeepsWordSemantics() throws {
        let db = try table(["The catalog was updated", "a LOG entry", "Résumé"])
        #expect(try matches(db, "log") == [2])
        #expect(try matches(db, "catalog") == [1])
        #expect(try matches(db, "resume") == [3])
        #expect(try matches(db, "RESUMÉ") == [3])
    }

    @Test func barewordQueriesFindSubstrings() throws {
        let db = try table(["국회의원은 법률안을 제출할 수 있다", "데이터베이스를 만든다", "전문검색 기능", "SQLite를 쓴다", "국회"])
        #expect(try matches(db, "국회") == [1, 5])
        #expect(try matches(db, "데이터베이스") == [2])
        #expect(try matches(db, "검색") == [3])
        #expect(try matches(db, "sqlite") == [4])
        #expect(try matches(db, "의원은") == [1])
        // One character: a prefix query reaches the bigrams that start with it and the final unigrams.
        #expect(try matches(db, "국*") == [1, 5])
        #expect(try matches(db, "회*") == [1, 5])
        #expect(try matches(db, "능*") == [3])
    }

    @Test func mixedPhrasesAndRunsInsideQueries() throws {
        let db = try table(["전문검색 SQLite로", "검색 sqlite", "데이터베이스sqlite"])
        #expect(try matches(db, "\"검색 sqlite\"") == [1, 2])
        #expect(try matches(db, "\"sqlite로\"") == [1])
        #expect(try matches(db, "\"sqlite\" AND \"검색\"") == [1, 2])
        // A CJK run followed by another token in the query must end there in the document too.
        #expect(try matches(db, "\"이스sqlite\"") == [3])
        #expect(try matches(db, "\"베이sqlite\"") == [])
    }

    @Test func japaneseAndChineseRunsAreBigrammed() throws {
        let db = try table(["東京都に住んでいます", "漢字を勉強する", "カタカナ表記"])
        #expect(try matches(db, "京都") == [1])
        #expect(try matches(db, "字を") == [2])
        #expect(try matches(db, "タカ") == [3])
        #expect(try matches(db, "住ん") == [1])
    }

    @Test func highlightsMarkExactlyTheMatchedCharacters() throws {
        let db = try table(["국회의원은 법률안을", "데이터베이스를 만든다", "하하하하 웃었다", "SQLite를 쓴다"])
        #expect(try highlighted(db, "국회") == ["[국회]의원은 법률안을"])
        #expect(try highlighted(db, "데이터베이스") == ["[데이터베이스]를 만든다"])
        #expect(try highlighted(db, "sqlite") == ["[SQLite]를 쓴다"])
        // Adjacent matches of overlapping bigrams: one mark, and no text repeated (FTS5's highlight() repeats it).
        #expect(try highlighted(db, "하하") == ["[하하하하] 웃었다"])
        #expect(try highlighted(db, "국회 OR 회의") == ["[국회의]원은 법률안을"])
    }

    @Test func punctuationAndSpacesEndRuns() throws {
        let db = try table(["국. 회의", "「국회」"])
        #expect(try matches(db, "국회") == [2])
        #expect(try matches(db, "\"국 회의\"") == [1])
    }

    @Test func singleCharacterRunsAtTheEndOfATerm() {
        #expect(CJKScript.endsWithSingleCharacterRun("국"))
        #expect(CJKScript.endsWithSingleCharacterRun("sqlite를"))
        #expect(CJKScript.endsWithSingleCharacterRun("국.회"))
        #expect(!CJKScript.endsWithSingleCharacterRun("국회"))
        #expect(!CJKScript.endsWithSingleCharacterRun("sqlite"))
    }
}
