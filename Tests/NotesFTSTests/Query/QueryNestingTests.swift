import Testing
@testable import NotesFTS

/// Nesting: no input can exhaust the parser's stack or FTS5's; within ``QueryParser/nestingLimit`` every
/// shape compiles to an expression FTS5 accepts, past it the query is refused with one message.
@Suite struct QueryNestingTests {
    /// `depth` levels of `wrap` around `word`.
    static func nested(_ depth: Int, _ wrap: (String) -> String) -> String {
        (0..<depth).reduce("deploy") { inner, _ in wrap(inner) }
    }

    /// The worst shapes, each one level of nesting per wrap: alternating AND/OR groups, negated groups,
    /// groups with exclusions and columns, chains of NOT.
    static let shapes: [@Sendable (String) -> String] = [
        { "(plan OR (week \($0)))" },
        { "((deploy OR plan) -\"next week\" -draft \($0))" },
        { "NOT \($0)" },
        { "(title:deploy OR \"next week\" (\($0) -zzz))" },
        { "(deploy* | (week -(\($0))))" },
    ]

    @Test(arguments: 0..<shapes.count)
    func everyShapeWithinTheLimitSearches(_ shape: Int) throws {
        let index = try SearchFixture.makeIndex()
        for depth in [1, QueryParser.nestingLimit / 2, QueryParser.nestingLimit] {
            let text = Self.nested(depth, Self.shapes[shape])
            let parsed = QueryParser.parse(text)
            guard !parsed.exceedsNestingLimit else { continue } // a shape of two levels per wrap
            #expect(throws: Never.self) { _ = try index.search(parsed) }
            #expect(throws: Never.self) { _ = try index.count(parsed) }
        }
    }

    @Test func plainBracketsNestUpToTheLimit() {
        let limit = QueryParser.nestingLimit
        let within = String(repeating: "(", count: limit) + "deploy" + String(repeating: ")", count: limit)
        #expect(QueryParser.parse(within).matchExpression == #""deploy""#)
        #expect(QueryParser.parse("(" + within + ")").exceedsNestingLimit)
    }

    @Test(arguments: [60_000, 200_000])
    func deepInputIsRefusedWithoutRecursingIntoIt(_ depth: Int) throws {
        let text = String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth)
        let parsed = QueryParser.parse(text)
        #expect(parsed.exceedsNestingLimit)
        #expect(parsed.root == nil)
        let negations = QueryParser.parse(String(repeating: "NOT ", count: depth) + "a")
        #expect(negations.exceedsNestingLimit)
        let index = try SearchFixture.makeIndex()
        #expect(throws: NotesFTSError.queryTooDeep(limit: QueryParser.nestingLimit)) { try index.search(parsed) }
    }

    @Test func redundantGroupsAreFlattened() {
        let parsed = QueryParser.parse(Self.nested(40) { "(deploy OR \($0))" })
        #expect(parsed.exceedsNestingLimit)
        let flat = QueryParser.parse("(a OR (b OR (c OR d))) (e (f g))")
        #expect(flat.matchExpression == #"(("a" OR "b" OR "c" OR "d") AND "e" AND "f" AND "g")"#)
    }

    @Test func manyExclusionsDoNotNest() throws {
        let text = "deploy " + (0..<200).map { "-word\($0)" }.joined(separator: " ")
        let parsed = QueryParser.parse(text)
        #expect(parsed.matchExpression?.hasPrefix(#"("deploy" NOT ("word0" OR "word1" OR"#) == true)
        #expect(try SearchFixture.makeIndex().search(parsed).count == 2)
    }
}
