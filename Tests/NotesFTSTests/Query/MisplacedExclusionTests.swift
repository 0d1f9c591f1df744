import Testing
@testable import NotesFTS

/// ``MisplacedExclusion``: an exclusion with nothing beside it to narrow (one side of OR, `deploy OR -release`;
/// an exclusion of exclusions alone, `-(-a -b)`) is refused by every search, never silently dropped.
@Suite struct MisplacedExclusionTests {
    @Test(arguments: [
        ("deploy OR -release", "-release", MisplacedExclusion.Place.insideOr),
        ("deploy | NOT release", "-release", .insideOr),
        ("-release OR deploy", "-release", .insideOr),
        ("deploy OR (-release -draft)", "-release -draft", .insideOr),
        ("plan (deploy OR -title:release)", "-title:release", .insideOr),
        ("deploy OR -\"next week\"", "-\"next week\"", .insideOr),
        ("-deploy OR -release", "-deploy", .insideOr),
        ("deploy -(plan OR -week)", "-week", .insideOr),
        ("deploy -(-plan -week)", "-(-plan -week)", .insideExclusion),
        ("title:(deploy OR -release)", "-title:release", .insideOr),
    ])
    func everySearchRefusesTheQuery(text: String, exclusion: String, place: MisplacedExclusion.Place) throws {
        let parsed = QueryParser.parse(text)
        let expected = MisplacedExclusion(exclusion: exclusion, place: place)
        #expect(parsed.misplacedExclusion == expected)
        // Word forms keep it: notes-find searches the expanded query.
        let expanded = try SearchFixture.makeIndex().expand(parsed).query
        #expect(expanded.misplacedExclusion == expected)
        try expectEverySearchRefuses(expanded, typed: text, with: expected)
    }

    @Test(arguments: ["meeting -draft", "(deploy -release) OR sourdough", "(deploy OR plan) -release", "deploy -(plan -week)",
                      "deploy OR -😀", "-draft", "-(a OR b)", "deploy -(plan OR week)", "tag:work -#draft", "-#work"])
    func exclusionsBesideTheWordsAreNotMisplaced(text: String) throws {
        let parsed = QueryParser.parse(text)
        #expect(parsed.misplacedExclusion == nil)
        #expect(!parsed.notes.contains { $0.contains("exclusion") })
    }

    @Test func theMessageIsOneLineNamingTheExclusionAndWhatIsSupported() {
        let inOr = MisplacedExclusion(exclusion: "-release", place: .insideOr).description
        #expect(inOr.hasPrefix("the exclusion '-release' cannot be one side of OR"))
        #expect(inOr.contains("(a OR b) -release"))
        let nested = MisplacedExclusion(exclusion: "-(-a -b)", place: .insideExclusion).description
        #expect(nested.hasPrefix("the exclusion '-(-a -b)' excludes nothing but exclusions"))
        #expect(!inOr.contains("\n") && !nested.contains("\n"))
    }
}
