import Foundation
import Testing
@testable import NotesFTS

@Suite struct WordFormsTests {
    private func makeIndex() throws -> NoteIndex {
        let index = try TestFolder().openIndex()
        let notes: [(String, String)] = [
            ("Meetings this week", "Two short ones."),
            ("Notes", "The meeting ran long."),
            ("Benchmarks", "Index build timings."),
            ("Bread", "A recipe from my grandmother."),
            ("More bread", "Recipes to try: focaccia."),
            ("Other", "Nothing about that at all. Generate the general report."),
        ]
        for (number, (title, body)) in notes.enumerated() {
            try index.save(Note(path: "/n/\(number).md", title: title, body: body))
        }
        return index
    }

    private func titles(_ index: NoteIndex, _ text: String, exact: Bool = false) throws -> [String] {
        var options = SearchOptions(limit: 50)
        options.exact = exact
        return try index.search(text, options: options).map(\.title)
    }

    @Test func aWordAndItsPluralFindTheSameNotes() throws {
        let index = try makeIndex()
        #expect(try Set(titles(index, "meetings")) == ["Meetings this week", "Notes"])
        #expect(try Set(titles(index, "meeting")) == ["Meetings this week", "Notes"])
        #expect(try titles(index, "benchmark") == ["Benchmarks"])
        #expect(try Set(titles(index, "recipe")) == ["Bread", "More bread"])
    }

    @Test func theExactFormRanksFirst() throws {
        let index = try makeIndex()
        #expect(try titles(index, "meetings").first == "Meetings this week")
        #expect(try titles(index, "recipes").first == "More bread")
        #expect(try titles(index, "recipe").first == "Bread")
    }

    @Test func exactQuotedAndPrefixTermsKeepTheirMeaning() throws {
        let index = try makeIndex()
        #expect(try titles(index, "meetings", exact: true) == ["Meetings this week"])
        #expect(try titles(index, "\"meetings\"") == ["Meetings this week"])
        #expect(try titles(index, "\"the meeting\"") == ["Notes"])
        #expect(try titles(index, "recipes*") == ["More bread"])
        // Inflections only: derivations stay apart.
        #expect(try titles(index, "generation") == [])
    }

    @Test func theFTS5ExpressionRepeatsTheTypedWord() throws {
        let index = try makeIndex()
        let expanded = try index.expand(QueryParser.parse("title:meetings -generate"))
        #expect(expanded.query.matchExpression == #"(title : ("meetings" OR "meeting" OR "meetings") NOT "generate")"#)
        #expect(expanded.corrections.isEmpty)
    }

    @Test func wordsOfLaterWritesAreLearned() throws {
        let index = try makeIndex()
        #expect(try titles(index, "focaccias") == ["More bread"])
        try index.save(Note(path: "/n/new.md", title: "Pastry", body: "Croissants and one croissant."))
        #expect(try titles(index, "croissant") == ["Pastry"])
        #expect(try index.read { try NoteIndex.wordForms($0, of: "croissant") } == ["croissant", "croissants"])
        #expect(try index.checkIntegrity().isOK)
    }

    @Test func koreanQueriesAreNotExpanded() throws {
        let index = try makeIndex()
        try index.save(Note(path: "/n/k.md", title: "회의록", body: "데이터베이스를 정리"))
        let query = QueryParser.parse("데이터베이스 회의")
        #expect(try index.expand(query).query == query)
    }
}

@Suite struct WordFormsOnOlderIndexTests {
    /// notes-find reads an index that no notes-index has upgraded to v5 yet: words match exactly as typed.
    @Test func anIndexWithoutTheVocabularyIsSearchedExactly() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        try index.save(Note(path: "/n/1.md", title: "Meetings", body: "Weekly."))
        try index.save(Note(path: "/n/2.md", title: "Notes", body: "One meeting."))
        try index.connection.execute("DROP TABLE spelling; DROP TABLE vocabulary; PRAGMA user_version = 4;")
        index.close()
        let reader = try NoteIndex(path: folder.database, mode: .readOnly)
        #expect(try reader.search("meetings").map(\.title) == ["Meetings"])
        #expect(try reader.search("meetngs").isEmpty)
        reader.close()
        let upgraded = try NoteIndex(path: folder.database)
        #expect(try Set(upgraded.search("meetings").map(\.title)) == ["Meetings", "Notes"])
        #expect(try Set(upgraded.search("meetngs").map(\.title)) == ["Meetings", "Notes"])
    }
}
