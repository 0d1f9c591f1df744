import Testing
@testable import NotesFTS

/// A field name with nothing after its colon applies to what follows: `title:(a OR b)` is `title:a OR title:b`
/// (not the required word "title"), `title: a` is `title:a`, `path: work` is `path:work`; a filter cannot take a
/// bracketed group nor stand inside a field's group (``MisplacedFilter``).
@Suite struct FieldGroupTests {
    @Test(arguments: [
        ("title:(deploy OR sourdough)", "title:deploy OR title:sourdough"),
        ("title: (deploy OR sourdough)", "title:deploy OR title:sourdough"),
        ("tag:(travel OR ops)", "tag:travel OR tag:ops"),
        ("tags:(travel | ops)", "tag:travel OR tag:ops"),
        ("body:(deploy plan)", "body:deploy body:plan"),
        ("title:(meeting -draft)", "title:meeting -title:draft"),
        ("title:(\"deploy checklist\" OR travel)", "title:\"deploy checklist\" OR title:travel"),
        ("title:(deplo* OR (bread OR #travel))", "title:deplo* OR title:bread OR #travel"),
        ("title: deploy", "title:deploy"),
        ("title: \"deploy checklist\"", "title:\"deploy checklist\""),
        ("title: -draft meeting", "-title:draft meeting"),
        ("path: work deploy", "path:work deploy"),
        ("path:\"work/\" deploy", "path:work/ deploy"),
        ("created: 2024", "created:2024"),
        ("modified: >=2025-06", "modified:>=2025-06"),
        // An exclusion after the space is the filter's exclusion, as it is the field's (`title: -draft`).
        ("path: -drafts meeting", "-path:drafts meeting"),
        ("meeting path: NOT drafts", "meeting -path:drafts"),
        ("deploy modified: -2025", "deploy -modified:2025"),
        ("deploy created: NOT >=2025-01", "deploy -created:>=2025-01"),
        ("path: -\"work/\" deploy", "-path:work/ deploy"),
        ("tag: -ops deploy", "-tag:ops deploy"),
    ])
    func aFieldAppliesToWhatFollows(_ typed: String, _ spelledOut: String) throws {
        let parsed = QueryParser.parse(typed)
        let expected = QueryParser.parse(spelledOut)
        #expect(parsed.root == expected.root)
        #expect(parsed.matchExpression == expected.matchExpression)
        #expect(parsed.pathFilters == expected.pathFilters && parsed.dateFilters == expected.dateFilters)
        #expect(parsed.excludedPathFilters == expected.excludedPathFilters)
        #expect(parsed.excludedDateFilters == expected.excludedDateFilters)
        #expect(parsed.misplacedFilter == nil)
        let index = try SearchFixture.makeIndex()
        // Word forms and the ranking path are those of the spelled-out query.
        let (query, reference) = (try index.expand(parsed).query, try index.expand(expected).query)
        #expect(query.root == reference.root)
        #expect(try index.rankingPath(query) == index.rankingPath(reference))
        #expect(try index.search(query, options: SearchOptions(limit: 100)).map(\.id)
                == index.search(reference, options: SearchOptions(limit: 100)).map(\.id))
    }

    @Test func aGroupOfTitlesFindsWhatEitherTitleFinds() throws {
        let index = try SearchFixture.makeIndex()
        #expect(Set(try index.search(QueryParser.parse("title:(deploy OR sourdough)")).map(\.id)) == [2, 4])
        #expect(QueryParser.parse("title:(deploy OR sourdough)").matchExpression
                == #"(title : "deploy" OR title : "sourdough")"#)
    }

    @Test(arguments: [
        ("path:(work OR recipes)", "path:(…)", MisplacedFilter.Place.bracketedValue),
        ("deploy created:(2024)", "created:(…)", .bracketedValue),
        ("title:(deploy path:work)", "path:work", .insideField("title:")),
        ("tag:(ops OR modified:2024)", "modified:2024", .insideField("tag:")),
    ])
    func aFilterCannotTakeOrStandInAFieldGroup(_ text: String, _ filter: String, _ place: MisplacedFilter.Place) throws {
        let parsed = QueryParser.parse(text)
        let expected = MisplacedFilter(filter: filter, place: place)
        #expect(parsed.misplacedFilter == expected)
        #expect(!parsed.isEmpty)
        let index = try SearchFixture.makeIndex()
        #expect(throws: expected) { try index.search(parsed) }
        #expect(expected.description.contains(filter))
    }

    @Test(arguments: ["title:", "deploy title:", "path:", "(deploy title:)", "title: OR deploy"])
    func aFieldNameWithNothingAfterItIsAWord(_ text: String) {
        let parsed = QueryParser.parse(text)
        #expect(parsed.misplacedFilter == nil)
        #expect(parsed.matchExpression?.contains(":\"") == true)
    }
}
