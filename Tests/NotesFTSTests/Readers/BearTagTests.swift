import Testing
@testable import NotesFTS

@Suite struct BearTagTests {
    @Test func sampleHasMultiWordAndNestedTags() throws {
        let note = try Samples.note("bear/Restaurants.md")
        #expect(note.title == "Restaurants")
        #expect(note.tags == ["places to eat", "food/korean"])
    }

    @Test(arguments: [
        ("#places to eat# and more", ["places to eat"]),
        ("#solo# word", ["solo"]),
        ("#work then #home", ["work", "home"]),
        ("#todo fix the # later", ["todo"]),
        ("#a b#c", ["a"]),
        ("use C# and F# daily #dev", ["dev"]),
        ("#[[big project]] and #x", ["big project", "x"]),
    ])
    func closedTagsNeedAClosingHashAfterAWord(text: String, tags: [String]) {
        #expect(TextNoteReader.hashtags(in: text) == tags)
    }
}
