import Testing
@testable import NotesFTS

@Suite struct TagListTests {
    @Test func cleansAndDeduplicates() {
        #expect(TagList.clean([" #work ", "Work", "a,b", "", "##x", "to  do"]) == ["work", "a b", "x", "to do"])
    }

    @Test func roundTripsThroughStorage() {
        let stored = TagList.join(["home", "to do", "여행"])
        #expect(stored == "home, to do, 여행")
        #expect(TagList.split(stored) == ["home", "to do", "여행"])
        #expect(TagList.split("").isEmpty)
    }

    /// The byte reading of ASCII tags agrees with the reading by `Character` on seeded strings of commas,
    /// spaces, tabs, line ends and words.
    @Test func asciiSplitEqualsTheGeneralOne() {
        var random = SeededGenerator(state: 20_261_201)
        let pieces = [",", ", ", " ,", "\t", " ", "\r\n", "\n", "a", "to do", "x1", "#", ",,", "\u{0B}", "\u{7F}"]
        for _ in 0..<5_000 {
            let stored = (0..<Int(random.next() % 12)).map { _ in random.pick(pieces) }.joined()
            var text = stored
            let fast = text.withUTF8 { TagList.splitASCII($0) }
            #expect(fast == TagList.splitGeneral(stored), "\(Array(stored.utf8))")
            #expect(TagList.split(stored) == TagList.splitGeneral(stored))
        }
        #expect(TagList.split("home, 여행") == ["home", "여행"])
        var accented = "a,\u{301}b"
        #expect(accented.withUTF8 { TagList.splitASCII($0) } == nil)
        #expect(TagList.split(accented) == TagList.splitGeneral(accented))
    }
}
