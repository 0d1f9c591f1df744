import Foundation
import Testing
@testable import NotesFTS

/// ``TopKSnippets``: the snippets of the chosen notes made on two threads are the ones one thread makes, each
/// in its note's place, for notes of every length and script (the tokenizer's C path runs beyond ASCII, on a
/// second instance); and a search shows the same results, snippets and lines whether they are made on one
/// thread or two, as full scoring does.
@Suite struct TopKSnippetsTests {
    /// Seeded notes of 1 to 400 words from a small vocabulary, some with Korean and accented words, some with
    /// the query words only in the title or the tags.
    static func notes(_ count: Int, seed: UInt64) -> [Note] {
        var random = SeededGenerator(state: seed)
        let words = ["alpha", "beta", "gamma", "delta", "read", "reads", "reading", "book", "국회", "회의", "éclair",
                     "filler", "text", "note", "word"]
        return (0..<count).map { number in
            let length = 1 + Int(random.next() % (random.chance(20) ? 400 : 40))
            var body = (0..<length).map { _ in random.pick(words) }.joined(separator: random.chance(30) ? "\n" : " ")
            if random.chance(15) { body = "nothing here" }
            return Note(path: "/n/\(number).md", title: random.chance(30) ? "alpha \(number)" : "Note \(number)",
                        body: body, tags: random.chance(20) ? ["beta", "read"] : [])
        }
    }

    static let matches = ["\"alpha\"", "\"read\" *", "(\"alpha\" OR \"book\")", "(\"beta\" AND \"gamma\")", "\"국회\"",
                          "\"alpha beta\"", "\"eclair\"", "(\"read\" NOT \"word\")"]

    @Test(arguments: matches)
    func twoThreadsMakeWhatOneMakes(match: String) throws {
        let index = try TestFolder().openIndex()
        defer { index.close() }
        let notes = Self.notes(90, seed: 20_261_203)
        try index.transaction { for note in notes { _ = try index.save(note) } }
        let db = index.connection
        let snippets = SearchSnippets(match: match, query: QueryParser.parse("alpha"), options: SearchOptions())
        let first = try RankingTables.tokenizer(db)
        let second = try RankingTables.tokenizer(db, second: true)
        #expect(first !== second)
        let phrases = try #require(QueryPhrases(match: match, tokenizer: first))
        var texts: [NoteTexts] = []
        try db.forEachRow("SELECT id FROM notes ORDER BY id", named: [:]) { row in
            try db.forEachRow(SearchSQL.topKNote(withText: true), named: [":id": .integer(row.int64(0))]) {
                texts.append(NoteTexts(row: $0, at: ResultColumn.next + 1))
            }
        }
        #expect(texts.count == notes.count)
        let expected = texts.map { snippets.chosenSnippet(of: $0, phrases: phrases, tokenizer: first) }
        #expect(expected.contains { $0?.snippet.highlights.isEmpty == false }, "\(match) marks nothing")
        // Many rounds, so that the threads interleave differently; and every count from 1 note. The other side
        // runs on a thread of its own here: while the other tests keep every thread of Dispatch's pool busy, a
        // pool's thread may not start before the query's thread has made every snippet (it did not, in 60 s of
        // rounds, in a full `swift test` on two cores). It must make some.
        var onPool = 0, round = 0
        let deadline = ContinuousClock.now + .seconds(30)
        while round < 20 || (onPool == 0 && ContinuousClock.now < deadline) {
            defer { round += 1 }
            let count = round < 5 ? round + 1 : texts.count
            let work = TopKSnippets(Array(texts.prefix(count)), snippets: snippets, phrases: phrases)
            let made = work.make(first, second) { Thread(block: $0).start() }
            onPool += work.madeOnPoolThread
            #expect(made == Array(expected.prefix(count)), "\(match), round \(round)")
        }
        #expect(onPool > 0, "\(match): the pool's thread made no snippet")
        #expect(TopKSnippets(texts, snippets: snippets, phrases: phrases).make(first, nil) == expected)
        // And on the pool, whether or not its thread starts in time.
        #expect(TopKSnippets(texts, snippets: snippets, phrases: phrases).make(first, second) == expected)
    }

    @Test func searchesShowTheSameOnOneThreadOrTwo() throws {
        let index = try TestFolder().openIndex()
        defer { index.close() }
        index.rankingSettings = RankingSettings(headSize: 24, minimumDocumentFrequency: 10, minimumShare: 0.02)
        try index.transaction { for note in Self.notes(300, seed: 7) { _ = try index.save(note) } }
        try index.rebuildRankingTables()
        for text in ["alpha", "read*", "alpha OR book", "beta gamma", "국회", "\"alpha beta\"", "read -word", "éclair"] {
            let query = QueryParser.parse(text)
            for limit in [1, 20, 45] {
                var options = SearchOptions(limit: limit)
                #expect(try index.rankingPath(query, options: options).hasPrefix("top-k"), "\(text)")
                let two = try index.search(query, options: options)
                options.splitsSnippets = false
                let one = try index.search(query, options: options)
                options.allowsTopK = false
                let full = try index.search(query, options: options)
                #expect(!two.isEmpty, "\(text)")
                #expect(two == one, "\(text), limit \(limit)")
                #expect(TopKAgreement.agrees(two, full), "\(text), limit \(limit)")
                let reference = Dictionary(full.map { ($0.id, $0) }) { first, _ in first }
                for result in two {
                    guard let other = reference[result.id] else { continue }
                    #expect(result.snippet == other.snippet && result.line == other.line, "\(text): note \(result.id)")
                }
            }
        }
    }
}
