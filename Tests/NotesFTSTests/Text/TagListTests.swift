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
}
