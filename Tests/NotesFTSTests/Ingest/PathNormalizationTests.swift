import Testing
@testable import NotesFTS

@Suite struct PathNormalizationTests {
    @Test func normalisesPaths() {
        #expect(PathNormalization.absolute("a/./b/../c/", currentDirectory: "/home/u") == "/home/u/a/c")
        #expect(PathNormalization.absolute("/x//y/") == "/x/y")
        #expect(PathNormalization.display("/home/u/notes/a.md", relativeTo: "/home/u") == "notes/a.md")
        #expect(PathNormalization.display("/elsewhere/a.md", relativeTo: "/home/u") == "/elsewhere/a.md")
    }
}
