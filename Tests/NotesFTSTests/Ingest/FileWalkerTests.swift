import Foundation
import Testing
@testable import NotesFTS

@Suite struct FileWalkerTests {
    @Test func walksRecursivelyInOrderSkippingHiddenAndUnsupported() {
        let folder = TestFolder()
        for path in ["b.md", "a.txt", "sub/c.json", "sub/deeper/d.jsonl", "e.markdown", "f.pdf", ".hidden.md",
                     ".git/config.md", "sub/.obsidian/x.json", "UPPER.MD"] {
            folder.write(path, "x")
        }
        var found: [String] = []
        let problems = FileWalker().walk(root: folder.notes) { found.append($0.path) }
        #expect(problems.isEmpty)
        #expect(found.map { String($0.dropFirst(folder.notes.count + 1)) }
                == ["UPPER.MD", "a.txt", "b.md", "e.markdown", "sub/c.json", "sub/deeper/d.jsonl"])
    }

    @Test func aHiddenRootNamedByTheUserIsWalked() {
        let folder = TestFolder()
        folder.write(".notes/a.md", "x")
        var found: [String] = []
        _ = FileWalker().walk(root: folder.notes + "/.notes") { found.append($0.path) }
        #expect(found.count == 1)
    }

    @Test func reportsMissingRoot() {
        let problems = FileWalker().walk(root: "/nonexistent/notes") { _ in }
        #expect(problems == [FileWalker.Problem(path: "/nonexistent/notes", reason: "no such file or directory")])
    }

    @Test func entryCarriesSizeAndTime() throws {
        let folder = TestFolder()
        let path = folder.write("a.md", "12345")
        var entries: [FileEntry] = []
        _ = FileWalker().walk(root: path) { entries.append($0) }
        #expect(entries.first?.size == 5)
        #expect((entries.first?.mtimeNanoseconds ?? 0) > 1_600_000_000_000_000_000)
    }

    @Test func symbolicLinksBelowARootAreNotFollowed() throws {
        let folder = TestFolder()
        folder.write("real/a.md", "x")
        try FileManager.default.createSymbolicLink(atPath: folder.notes + "/link", withDestinationPath: folder.notes + "/real")
        var found: [String] = []
        _ = FileWalker().walk(root: folder.notes) { found.append($0.path) }
        #expect(found == [folder.notes + "/real/a.md"])
    }
}
