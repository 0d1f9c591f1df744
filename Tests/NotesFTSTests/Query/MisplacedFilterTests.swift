import Testing
@testable import NotesFTS

/// ``MisplacedFilter``: a path or date filter inside OR or inside a negated group with other terms cannot be
/// expressed as a filter; every way of searching the query refuses it with one line naming the filter, instead
/// of applying it as a plain filter (which selected the opposite of `-(path:work draft)`, or only `path:work`
/// of `otter OR path:work`).
@Suite struct MisplacedFilterTests {
    @Test(arguments: [
        ("deploy OR path:work", "path:work", MisplacedFilter.Place.insideOr),
        ("path:work | deploy", "path:work", .insideOr),
        ("deploy OR -path:work", "path:work", .insideOr),
        ("deploy OR NOT modified:2024", "modified:2024", .insideOr),
        ("deploy OR plan path:work", "path:work", .insideOr),
        ("(deploy path:work) OR plan", "path:work", .insideOr),
        ("deploy (plan OR created:>=2024)", "created:>=2024", .insideOr),
        ("deploy -(path:work OR path:home)", "path:work", .insideOr),
        ("deploy -(path:work plan)", "path:work", .insideNegatedGroup),
        ("deploy NOT (plan created:2024)", "created:2024", .insideNegatedGroup),
        ("deploy -(plan -path:drafts)", "path:drafts", .insideNegatedGroup),
        ("-(path:work path:drafts)", "path:work", .insideNegatedGroup),
    ])
    func everySearchRefusesTheQuery(text: String, filter: String, place: MisplacedFilter.Place) throws {
        let parsed = QueryParser.parse(text)
        let expected = MisplacedFilter(filter: filter, place: place)
        #expect(parsed.misplacedFilter == expected)
        try expectEverySearchRefuses(parsed, typed: text, with: expected)
    }

    @Test(arguments: ["deploy path:work", "(deploy OR plan) path:work", "deploy -path:work", "deploy NOT created:2024",
                      "-(path:work) deploy", "(deploy path:work) plan", "deploy OR plan", "deploy -(plan OR week)",
                      "deploy OR \"modified:someday\""])
    func filtersBesideTheWordsAreNotMisplaced(text: String) throws {
        let parsed = QueryParser.parse(text)
        #expect(parsed.misplacedFilter == nil)
        #expect(throws: Never.self) { try SearchFixture.makeIndex().search(parsed) }
    }

    @Test func theMessageIsOneLineNamingTheFilterAndWhatIsSupported() {
        let inOr = MisplacedFilter(filter: "path:work", place: .insideOr).description
        #expect(inOr.hasPrefix("the filter 'path:work' cannot be one side of OR"))
        #expect(inOr.contains("(a OR b) path:work") && inOr.contains("-path:work"))
        let negated = MisplacedFilter(filter: "modified:2024", place: .insideNegatedGroup).description
        #expect(negated.hasPrefix("the filter 'modified:2024' cannot be inside a negated group"))
        #expect(negated.contains("-modified:2024"))
        #expect(!inOr.contains("\n") && !negated.contains("\n"))
    }
}
