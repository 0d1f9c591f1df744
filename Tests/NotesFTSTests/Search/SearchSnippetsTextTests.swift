import Foundation
import Testing
import SQLiteKit
@testable import NotesFTS

/// The snippet columns the top-k path makes from a note's text (``SearchSnippets/snippetColumns(of:at:phrases:tokenizer:)``)
/// equal the ones FTS5 computes with `notes_snippet` and `notes_match_line`, and the snippet a result shows,
/// made from the text (``SearchSnippets/chosenSnippet(of:at:phrases:tokenizer:)``), equals the one read from
/// FTS5's, for every note a query matches, on notes built to break it: more matches than a snippet
/// considers, CJK bigrams, aliases in the title, Unicode spaces, matches at either end, empty columns,
/// phrases of several tokens.
@Suite struct SearchSnippetsTextTests {
    static let notes: [Note] = [
        Note(path: "/many.md", title: "Many words", body: "start\n" + String(repeating: "word alpha ", count: 1_200)
             + "\nbeta at the end"),
        Note(path: "/alias.md", title: "Alpha plans", body: "nothing here about it", tags: ["gamma", "word"],
             aliases: ["beta alias", "read"]),
        Note(path: "/korean.md", title: "국회 회의록", body: "국회의원 회의 word\t국회\u{00A0}alpha  e\u{301}clair 😀 reads"),
        Note(path: "/spaces.md", title: "", body: "\r\n\r\n  alpha\u{3000}beta\u{2028}gamma reading read reads\n\n"),
        Note(path: "/tags.md", title: "Only tags", body: "", tags: ["alpha", "beta gamma"]),
        Note(path: "/edge.md", title: "edge", body: "alpha " + String(repeating: "filler ", count: 40) + "beta"),
        Note(path: "/quotes.md", title: "Quote's \"alpha\"", body: "alpha-beta, alpha's beta; e-mail e.g. eagle"),
        Note(path: "/prefix.md", title: "Every e word", body: "eagle east easy eel egg else end ear each eye"),
    ]

    /// MATCH expressions as ``FTS5Expression`` writes them for the top-k path: words, word forms (the typed
    /// word twice), prefixes, AND, OR, exclusions of a word and of a phrase.
    static let matches = [
        "\"alpha\"", "\"word\"", "\"e\" *", "\"rea\" *", "(\"read\" OR \"read\" OR \"reads\" OR \"reading\")",
        "(\"alpha\" AND \"beta\")", "(\"alpha\" OR \"gamma\" OR \"word\")", "(\"alpha\" NOT \"gamma\")",
        "((\"alpha\" OR \"beta\") NOT (\"x\" OR \"end beta\"))", "\"국회\"", "(\"회의\" AND \"word\")", "\"eclair\"",
        "\"word alpha\"", "\"alpha word alpha\"", "\"at the\" *", "(\"alpha beta\" OR \"beta\")", "\"국회의원\"",
        "\"alpha's beta\"", "(\"e mail\" AND \"e\" *)",
        "(\"alpha\" NOT ((\"gamma\" NOT \"beta\") OR (\"word\" AND \"zzz\")))",
    ]

    @Test(arguments: matches, [1, 5, 16, 64])
    func columnsFromTheTextEqualFTS5s(match: String, words: Int) throws {
        let index = try TestFolder().openIndex()
        try index.transaction { for note in Self.notes { _ = try index.save(note) } }
        let db = index.connection
        let tokenizer = try RankingTables.tokenizer(db)
        let phrases = try #require(QueryPhrases(match: match, tokenizer: tokenizer))
        var options = SearchOptions()
        options.snippetWords = words
        let snippets = SearchSnippets(match: match, query: QueryParser.parse("alpha"), options: options)
        var parameters = snippets.parameters
        parameters[":match"] = .text(match)
        var expected: [(Int64, SnippetColumns)] = []
        try db.forEachRow("SELECT rowid, \(snippets.columns) FROM notes_fts WHERE notes_fts MATCH :match ORDER BY rowid",
                          named: parameters) { expected.append(($0.int64(0), SnippetColumns(row: $0, at: 1))) }
        #expect(!expected.isEmpty, "\(match) matches nothing")
        for (id, columns) in expected {
            var made: SnippetColumns?
            var chosen: ChosenSnippet?
            try db.forEachRow(SearchSQL.topKNote(withText: true), named: [":id": .integer(id)]) { row in
                made = snippets.snippetColumns(of: row, at: ResultColumn.next + 1, phrases: phrases, tokenizer: tokenizer)
                chosen = snippets.chosenSnippet(of: row, at: ResultColumn.next + 1, phrases: phrases, tokenizer: tokenizer)
            }
            #expect(made == columns, "note \(id), \(match), \(words) words")
            // What the result shows, made with the title and tags read only when the body holds no mark.
            #expect(chosen == SearchSnippets.chosen(columns), "note \(id), \(match), \(words) words")
        }
    }

    /// The newline count eight bytes at a time equals a byte-by-byte count, for every offset of random texts
    /// dense and sparse in newlines, with every byte value beside them.
    @Test func countsNewlinesAsAByteLoopDoes() {
        var random = SeededGenerator(state: 20_261_202)
        for round in 0..<300 {
            let density = UInt64(round % 4 == 0 ? 50 : 3)
            let text: [UInt8] = (0..<Int(random.next() % 90)).map { _ in
                random.chance(density) ? 0x0A : UInt8(truncatingIfNeeded: random.next())
            }
            text.withUnsafeBytes { bytes in
                for offset in -1...(text.count + 1) {
                    let expected = text.prefix(max(offset, 0)).filter { $0 == 0x0A }.count
                    #expect(SearchSnippets.newlines(in: bytes, before: offset) == expected, "round \(round), offset \(offset)")
                }
            }
        }
    }

    @Test func whatIsNotReadIsLeftToFTS5() throws {
        let index = try TestFolder().openIndex()
        let tokenizer = try RankingTables.tokenizer(index.connection)
        #expect(QueryPhrases(match: "\"…\"", tokenizer: tokenizer) == nil)
        #expect(QueryPhrases(match: "title : \"alpha\"", tokenizer: tokenizer) == nil)
        #expect(QueryPhrases(match: "NEAR(\"a\" \"b\")", tokenizer: tokenizer) == nil)
    }
}
