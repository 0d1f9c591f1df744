import Foundation
import Testing
@testable import NotesFTS

/// One row of the query table: what is typed, the MATCH expression expected, and the ids of the fixture
/// notes expected to be found.
struct QueryCase: CustomTestStringConvertible, Sendable {
    let query: String
    let match: String?
    let ids: Set<Int64>
    var testDescription: String { query }
    init(_ query: String, _ match: String?, _ ids: Set<Int64>) {
        self.query = query
        self.match = match
        self.ids = ids
    }
}

@Suite struct QueryParserTests {
    static let cases: [QueryCase] = [
        // Words, phrases, prefixes.
        QueryCase("deploy", #""deploy""#, [1, 2]),
        QueryCase("DEPLOY", #""DEPLOY""#, [1, 2]),
        QueryCase("deploy*", #""deploy" *"#, [1, 2, 9]),
        QueryCase("deplo* -checklist", #"("deplo" * NOT "checklist")"#, [1, 9]),
        QueryCase("\"next week\"", #""next week""#, [1, 6]),
        QueryCase("sourdough bread", #"("sourdough" AND "bread")"#, [4]),
        QueryCase("sourdough AND bread", #"("sourdough" AND "bread")"#, [4]),
        // OR, NOT, grouping.
        QueryCase("deploy OR sourdough", #"("deploy" OR "sourdough")"#, [1, 2, 4]),
        QueryCase("deploy | sourdough", #"("deploy" OR "sourdough")"#, [1, 2, 4]),
        QueryCase("(deploy OR bake) tests", #"(("deploy" OR "bake") AND "tests")"#, [2]),
        QueryCase("meeting -draft", #"("meeting" NOT "draft")"#, [1]),
        QueryCase("meeting NOT draft", #"("meeting" NOT "draft")"#, [1]),
        QueryCase("meeting -draft -alice", #"("meeting" NOT ("draft" OR "alice"))"#, []),
        QueryCase("logbook OR", #""logbook""#, [9]),
        QueryCase("next week -(seoul OR alice)", #"(("next" AND "week") NOT ("seoul" OR "alice"))"#, []),
        // Fields and tags.
        QueryCase("title:meeting", #"title : "meeting""#, [1, 3]),
        QueryCase("body:meeting", #"body : "meeting""#, [3]),
        QueryCase("tag:work", #"tags : "work""#, [1, 3]),
        QueryCase("#travel", #"tags : "travel""#, [6]),
        QueryCase("title:\"deploy checklist\"", #"title : "deploy checklist""#, [2]),
        QueryCase("title:deplo*", #"title : "deplo" *"#, [2]),
        // Path and date filters.
        QueryCase("path:recipes", nil, [4]),
        QueryCase("path:WORK deploy", #""deploy""#, [1, 2]),
        QueryCase("-draft path:work", nil, [1, 2, 9]),
        QueryCase("created:>=2025-01-01", nil, [3, 6]),
        QueryCase("modified:<2024-01", nil, [4, 7]),
        QueryCase("created:2024", nil, [1, 2, 5, 8]),
        QueryCase("modified:>=2025-06", nil, [2]),
        QueryCase("modified:>2025-05", nil, [2]),
        QueryCase("modified:<=2024-03", nil, [4, 7, 8, 1]),
        QueryCase("tag:work created:<2025", #"tags : "work""#, [1]),
        // A timestamp is its second (or minute), with or without an operator.
        QueryCase("modified:2024-03-10T00:00:00Z", nil, [1]),
        QueryCase("modified:2024-03-10T00:00", nil, [1]),
        QueryCase("modified:2024-03-10T00:00:01Z", nil, []),
        QueryCase("modified:>2024-03-10T00:00:00Z", nil, [2, 3, 5, 6, 9]),
        QueryCase("modified:<=2024-03-10T00:00:00Z", nil, [1, 4, 7, 8]),
        QueryCase("deploy -modified:2024-03-10T00:00:00Z", #""deploy""#, [2]),
        // Negated filters exclude what the filter selects (a note no date filter can date is never selected).
        QueryCase("meeting -path:drafts", #""meeting""#, [1]),
        QueryCase("meeting NOT path:DRAFTS", #""meeting""#, [1]),
        QueryCase("next -path:work", #""next""#, [6]),
        QueryCase("deploy* -modified:2025", #""deploy" *"#, [1, 9]),
        QueryCase("deploy* NOT modified:>=2024-12", #""deploy" *"#, [1]),
        QueryCase("-created:>=2024", nil, [4, 7, 9]),
        QueryCase("path:work -path:drafts", nil, [1, 2, 9]),
        QueryCase("NOT path:work", nil, [4, 5, 6, 7, 8]),
        QueryCase("-(path:work)", nil, [4, 5, 6, 7, 8]),
        QueryCase("-(-path:work)", nil, [1, 2, 3, 9]),
        QueryCase("-modified:<2024 -path:work", nil, [5, 6, 8]),
        QueryCase("(deploy OR plan) -path:drafts", #"("deploy" OR "plan")"#, [1, 2, 6]),
        // Tags are column terms: excluding one is an FTS5 exclusion, and alone it lists the notes without it.
        QueryCase("tag:work -#draft", #"(tags : "work" NOT tags : "draft")"#, [1]),
        QueryCase("deploy -tag:ops", #"("deploy" NOT tags : "ops")"#, [1]),
        QueryCase("-#work", nil, [2, 4, 5, 6, 7, 8, 9]),
        // Unknown fields are text.
        QueryCase("note:tips", #""note:tips""#, [7]),
        QueryCase("http://example.com", #""http://example.com""#, [5]),
        // The foundation issue's hostile inputs: never an error, always text or nothing.
        QueryCase("AND", #""AND""#, [5, 6]),
        QueryCase("OR", #""OR""#, []),
        QueryCase("NOT", #""NOT""#, []),
        QueryCase("\"unbalanced", #""unbalanced""#, []),
        QueryCase("well-known", #""well-known""#, [4]),
        QueryCase("a.b", #""a.b""#, [5, 7]), // the phrase "a b": also NEAR(a b) in note 7
        QueryCase("http://x.y", #""http://x.y""#, []),
        QueryCase("e-mail", #""e-mail""#, [1]),
        QueryCase("c++", #""c++""#, [5]),
        QueryCase("*", nil, []),
        QueryCase("(", nil, []),
        QueryCase("title:", #""title:""#, []),
        QueryCase("NEAR(a b)", #"("NEAR" AND "a" AND "b")"#, [7]),
        QueryCase("100%", #""100%""#, [7]),
        QueryCase("#tag", #"tags : "tag""#, []),
        QueryCase("it's", #""it's""#, [4]),
        QueryCase("😀", nil, []),
        QueryCase("say \"hi\"\"", #"("say" AND "hi")"#, []),
        QueryCase(")deploy(", #""deploy""#, [1, 2]),
        // Accents, scripts.
        QueryCase("cafe", #""cafe""#, [6]),
        QueryCase("Café", #""Café""#, [6]),
        QueryCase("회의록", #""회의록""#, [8]),
        QueryCase("배포", #""배포""#, [8]),
        QueryCase("log", #""log""#, []),
    ]

    @Test(arguments: cases)
    func parsesAndFinds(_ testCase: QueryCase) throws {
        let index = try SearchFixture.makeIndex()
        let parsed = QueryParser.parse(testCase.query)
        #expect(parsed.matchExpression == testCase.match)
        let found = try index.search(parsed, options: SearchOptions(limit: 100)).map(\.id)
        #expect(Set(found) == testCase.ids)
        #expect(found.count == Set(found).count)
        #expect(try index.count(parsed) == testCase.ids.count)
    }

    @Test func loneExclusionIsReported() {
        for text in ["-draft", "NOT draft", "-\"next week\"", "-(a OR b)"] {
            let parsed = QueryParser.parse(text)
            #expect(parsed.isOnlyExclusion, "\(text)")
        }
        #expect(!QueryParser.parse("-draft path:work").isOnlyExclusion)
        #expect(!QueryParser.parse("-draft -path:work").isOnlyExclusion)
        #expect(!QueryParser.parse("-#draft").isOnlyExclusion)
        #expect(!QueryParser.parse("-tag:draft -(tag:a OR #b)").isOnlyExclusion)
        #expect(QueryParser.parse("-#draft -draft").isOnlyExclusion)
        #expect(!QueryParser.parse("-").isOnlyExclusion)
    }

    @Test func emptyQueriesAreEmpty() {
        for text in ["", "   ", "*", "(", ")", "😀", "-", "|", "\"\""] {
            #expect(QueryParser.parse(text).isEmpty, "\(text)")
        }
    }

    @Test func parserSaysWhatItDid() {
        #expect(QueryParser.parse("\"open").notes.contains { $0.contains("unbalanced `\"`") })
        // The note names the quote typed, a typographic one too.
        #expect(QueryParser.parse("\u{201C}open").notes.contains { $0.contains("unbalanced `\u{201C}`") })
        #expect(QueryParser.parse("title:\u{AB}open").notes.contains { $0.contains("unbalanced `\u{AB}`") })
        #expect(QueryParser.parse("(a b").notes.contains { $0.contains("unbalanced `(`") })
        #expect(QueryParser.parse("a) b").notes.contains { $0.contains("unmatched `)`") })
        #expect(QueryParser.parse("created:soon").notes.contains { $0.contains("not a date filter") })
        #expect(QueryParser.parse("a OR -b").notes.contains { $0.contains("exclusion inside OR") })
    }

    @Test func treeDescriptionShowsStructure() {
        let parsed = QueryParser.parse("title:meeting -draft \"next week\"")
        #expect(parsed.treeDescription == #"AND(title:"meeting", NOT("draft"), "next week")"#)
        #expect(parsed.matchExpression == #"((title : "meeting" AND "next week") NOT "draft")"#)
    }

    @Test func queriesAreNFCNormalised() {
        let decomposed = "회의록".decomposedStringWithCanonicalMapping
        #expect(QueryParser.parse(decomposed).matchExpression == #""회의록""#)
    }

    @Test func relativeDatesUseNow() {
        let now = Date(timeIntervalSince1970: 1_717_243_200) // 2024-06-01T12:00:00Z
        #expect(QueryParser.parse("modified:>=7d", now: now).dateFilters
                == [DateFilter(field: .modified, from: Timestamp.parse("2024-05-25T12:00:00Z"))])
    }

    @Test func singleCJKCharacterTermsCompileToPrefixQueries() {
        #expect(QueryParser.parse("국").matchExpression == "\"국\" *")
        #expect(QueryParser.parse("국회").matchExpression == "\"국회\"")
        #expect(QueryParser.parse("SQLite 검색").matchExpression == "(\"SQLite\" AND \"검색\")")
    }
}
