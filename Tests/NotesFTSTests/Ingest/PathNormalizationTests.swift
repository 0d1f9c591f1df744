import Testing
@testable import NotesFTS

@Suite struct PathNormalizationTests {
    @Test func normalisesPaths() {
        #expect(PathNormalization.absolute("a/./b/../c/", currentDirectory: "/home/u") == "/home/u/a/c")
        #expect(PathNormalization.absolute("/x//y/") == "/x/y")
        #expect(PathNormalization.display("/home/u/notes/a.md", relativeTo: "/home/u") == "notes/a.md")
        #expect(PathNormalization.display("/elsewhere/a.md", relativeTo: "/home/u") == "/elsewhere/a.md")
    }

    /// Lexical, and never a trap: Foundation's `deletingLastPathComponent` crashed on `x`, `-` and `x/`, so
    /// opening an index named `x` crashed (NoteIndex, its seeding and ObsidianVault now use this).
    @Test(arguments: [("x", ""), ("-", ""), ("x/", ""), ("ab", ""), ("", ""), ("/", "/"), ("//", "/"), ("/x", "/"),
                      ("/x/", "/"), ("//x", "/"), ("a/b", "a"), ("a/b/", "a"), ("a//b", "a"), ("./x", "."),
                      ("/home/u/notes/index.sqlite", "/home/u/notes"), ("노트/색인.sqlite", "노트")])
    func parentFolderIsWhatComesBeforeTheLastName(path: String, parent: String) {
        #expect(PathNormalization.parentFolder(of: path) == parent, "\(path)")
    }
}
