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

    /// A long line of `#[[` tags reads as a short one does: each `#[[` takes the first `]]` after it (the scan
    /// of a line searched the rest of the line at each `#[[`, quadratic in the line's length).
    @Test func aLongLineOfMultiWordTagsKeepsEachTag() {
        let open = "x" + String(repeating: " #[[a", count: 20_000) + "]]"
        #expect(TextNoteReader.hashtags(in: open) == [String(String(repeating: " #[[a", count: 20_000).dropFirst(4))])
        #expect(TextNoteReader.hashtags(in: open + " #[[b]] #[[c") == [String(String(repeating: " #[[a", count: 20_000).dropFirst(4)), "b"])
        let closed = "x" + String(repeating: " #[[a b]]", count: 20_000) + " #[[open #tag"
        #expect(TextNoteReader.hashtags(in: closed) == Array(repeating: "a b", count: 20_000) + ["tag"])
        #expect(TextNoteReader.hashtags(in: "#[[one]]]] #[[]] #[[two]] #[[x") == ["one", "two"])
    }

    /// Each `#[[` of a line asks for the `]]` after it, and all of them together read the line once.
    @Test(arguments: [
        String(repeating: " #[[a", count: 2_000),
        String(repeating: " #[[a b]]", count: 2_000),
        String(repeating: " #[[a", count: 2_000) + "]]",
    ])
    func theClosingBracketsOfALineAreFoundInOneScan(line: String) {
        var closing = TextNoteReader.ClosingBrackets(Substring(line))
        var index = line.startIndex
        while let open = line[index...].firstIndex(of: "[") {
            let close = closing.first(from: open)
            #expect(close == line[open...].range(of: "]]"))
            index = close?.upperBound ?? line.index(after: open)
        }
        #expect(closing.bytesRead <= line.utf8.count)
    }
}
