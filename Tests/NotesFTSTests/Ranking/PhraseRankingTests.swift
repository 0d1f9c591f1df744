import Testing
@testable import NotesFTS

/// ``PhraseRanking``: which queries it takes, and that its one walk ranks them as FTS5's full scoring does,
/// filters and exclusions included (the seeded ``TopKExactnessTests`` checks it on generated queries too).
@Suite struct PhraseRankingTests {
    @Test(arguments: [("\"deploy plan\"", true), ("\"deploy plan\" -draft", true), ("\"deploy plan\" path:work", true),
                      ("\"deploy plan\" friday", false), ("title:\"deploy plan\"", false), ("deploy", false),
                      ("\"deploy plan\" OR friday", false), ("deploy*", false), ("\"deploy\"", false),
                      ("\"Deploy!\" -x", false), ("\"국회\"", false), ("\"국회의원\"", true)])
    func takesOnlyAQueryThatIsOnePhrase(text: String, taken: Bool) throws {
        let index = try TestFolder().openIndex()
        try withExtendedLifetime(index) {
            let tokenizer = try RankingTables.tokenizer(index.connection)
            #expect((PhraseRanking.phrase(of: QueryParser.parse(text), tokenizer: tokenizer) != nil) == taken, "\(text)")
        }
    }

    @Test func ranksAsFullScoringDoesThroughFiltersThatKeepFew() throws {
        let index = try TestFolder().openIndex()
        try index.transaction {
            for number in 0..<300 {
                let repeats = String(repeating: "deploy plan ", count: 1 + number % 7)
                let folder = number % 50 == 0 ? "work" : "home"
                _ = try index.save(Note(path: "/\(folder)/\(number).md", title: number % 11 == 0 ? "Deploy plan" : "Note \(number)",
                                        body: "\(repeats) and more words " + String(repeating: "filler ", count: number % 13),
                                        tags: number % 3 == 0 ? ["draft"] : []))
            }
        }
        for text in ["\"deploy plan\"", "\"deploy plan\" path:work", "\"deploy plan\" -draft", "\"plan deploy\" -draft path:home"] {
            let query = QueryParser.parse(text)
            for (limit, offset) in [(20, 0), (5, 3), (1, 0)] {
                let options = SearchOptions(limit: limit, offset: offset)
                var full = options
                full.allowsTopK = false
                #expect(try index.rankingPath(query, options: options).hasPrefix("top-k: one walk of the phrase"))
                let expected = try index.search(query, options: full)
                #expect(!expected.isEmpty)
                #expect(TopKAgreement.agrees(try index.search(query, options: options), expected), "\(text) \(limit) \(offset)")
            }
        }
    }

    @Test func aQuotedWordIsRankedAsTheWord() throws {
        let index = try TestFolder().openIndex()
        try index.transaction {
            for number in 0..<50 { _ = try index.save(Note(path: "/\(number).md", title: "N\(number)", body: "deploy " + String(repeating: "x ", count: number))) }
        }
        let quoted = QueryParser.parse("\"Deploy\"")
        #expect(try !index.rankingPath(quoted).hasPrefix("top-k: one walk of the phrase"))
        #expect(try index.search(quoted) == index.search(QueryParser.parse("deploy")))
    }
}

/// ``PhraseCountMemo``: the count right after a phrase's walk is the walk's, and any change forgets it.
@Suite struct PhraseCountMemoTests {
    @Test func aCountAfterTheWalkIsTheWalksUntilTheIndexChanges() throws {
        let folder = TestFolder()
        let writer = try folder.openIndex()
        try writer.transaction { for number in 0..<30 { _ = try writer.save(Note(path: "/\(number).md", title: "T", body: "deploy plan \(number)")) } }
        // A read-only index searches on its one connection, as notes-find does.
        let reader = try NoteIndex(path: folder.database, mode: .readOnly)
        let db = reader.connection
        let query = QueryParser.parse("\"deploy plan\"")
        _ = try reader.search(query)
        #expect(try PhraseCountMemo.of(db).notes("\"deploy plan\"", db) == 30)
        #expect(try PhraseCountMemo.of(db).notes("\"plan deploy\"", db) == nil)
        #expect(try reader.count(query) == 30)
        // Another connection writes: the memo is stale, and the count is FTS5's.
        _ = try writer.save(Note(path: "/extra.md", title: "T", body: "deploy plan again"))
        #expect(try PhraseCountMemo.of(db).notes("\"deploy plan\"", db) == nil)
        #expect(try reader.count(query) == 31)
        // A connection's own write does it too.
        let own = writer.connection
        PhraseCountMemo.of(own).record("\"deploy plan\"", notes: 31, state: try PhraseCountMemo.state(own), own)
        #expect(try PhraseCountMemo.of(own).notes("\"deploy plan\"", own) == 31)
        try own.execute("INSERT INTO notes(path, title, body) VALUES ('/own.md', 'T', 'deploy plan own')")
        #expect(try PhraseCountMemo.of(own).notes("\"deploy plan\"", own) == nil)
        #expect(try writer.count(query) == 32)
    }

    /// A count taken inside a write that is rolled back is not kept (a rollback changes none of the figures of
    /// the state; found by a review), and none is served while a write is open.
    @Test func aCountTakenInsideARolledBackWriteIsNotKept() throws {
        struct RolledBack: Error {}
        let index = try TestFolder().openIndex()
        let db = index.connection
        try db.execute("CREATE TABLE t(x)")
        let memo = PhraseCountMemo.of(db)
        _ = try? db.transaction(.immediate) {
            try db.execute("INSERT INTO t VALUES (1)")
            memo.record("\"a b\"", notes: 3, state: try PhraseCountMemo.state(db), db)
            #expect(try memo.notes("\"a b\"", db) == nil)
            throw RolledBack()
        }
        #expect(try memo.notes("\"a b\"", db) == nil)
        memo.record("\"a b\"", notes: 4, state: try PhraseCountMemo.state(db), db)
        #expect(try memo.notes("\"a b\"", db) == 4)
    }
}
