import Testing
@testable import NotesFTS

/// ``UnreadableDateFilter``: a `created:`/`modified:` filter whose value is no date is refused by every search,
/// never searched as the words it holds (`modified:2024-13-01` found nothing, `created:>=` every note holding
/// "created"); quoted, the same text is a phrase of words.
@Suite struct UnreadableDateFilterTests {
    @Test(arguments: [
        ("modified:2024-13-01", "modified:2024-13-01"), ("modified:2024-02-30", "modified:2024-02-30"),
        ("created:>=", "created:>="), ("deploy created:<", "created:<"),
        ("created:2024..2025", "created:2024..2025"), ("deploy modified:>=-7d", "modified:>=-7d"),
        ("modified:2024-01-01T25:00", "modified:2024-01-01T25:00"), ("created:someday", "created:someday"),
        ("deploy created: >=x", "created:>=x"), ("MODIFIED:yesterdays", "MODIFIED:yesterdays"),
        ("deploy OR modified:2024-00", "modified:2024-00"), ("-created:soon deploy", "created:soon"),
        ("title:(deploy modified:never)", "modified:never"), ("modified:1e10 created:2024", "modified:1e10"),
    ])
    func everySearchRefusesTheQuery(text: String, filter: String) throws {
        let parsed = QueryParser.parse(text)
        let expected = UnreadableDateFilter(filter: filter)
        #expect(parsed.unreadableDateFilter == expected)
        #expect(expected.description.hasPrefix("'\(filter)' is not a date filter"))
        #expect(!expected.description.contains("\n"))
        #expect(expected.description.contains(filter.prefix { $0 != ":" }.lowercased() + ":>=7d"))
        // Word forms keep it: notes-find searches the expanded query.
        let expanded = try SearchFixture.makeIndex().expand(parsed).query
        #expect(expanded.unreadableDateFilter == expected)
        try expectEverySearchRefuses(expanded, typed: text, with: expected)
    }

    @Test(arguments: ["modified:2024", "created:>=2024-06", "modified:<7d", "created:today", "modified:2024-03-10T00:00",
                      "\"modified:2024-13-01\"", "modified:", "deploy created:", "notmodified:2024-13"])
    func datesAndOtherTextAreNotRefused(text: String) {
        #expect(QueryParser.parse(text).unreadableDateFilter == nil)
    }
}
