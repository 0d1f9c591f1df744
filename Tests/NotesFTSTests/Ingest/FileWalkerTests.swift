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

    /// Every visit of a walk, as `kind relative-path` strings.
    func visits(_ folder: TestFolder, _ options: WalkOptions = WalkOptions(), root: String? = nil,
                within: String? = nil) -> ([String], [FileWalker.Problem]) {
        var visits: [String] = []
        let problems = FileWalker(options: options).walk(root: root ?? folder.notes, within: within) { visit in
            switch visit {
            case .note(let entry): visits.append("note " + entry.path.dropFirst(folder.notes.count + 1))
            case .skipped(let path, let kind): visits.append("\(kind) " + path.dropFirst(folder.notes.count + 1))
            case .ignored(let path, _): visits.append("ignored " + path.dropFirst(folder.notes.count + 1))
            case .folder: break
            }
        }
        return (visits, problems)
    }

    @Test func filesThatAreNotNotesAreReportedByKind() throws {
        let folder = TestFolder()
        for path in ["a.md", "photo.PNG", "scan.pdf", "Makefile", "sub/b.pdf"] { folder.write(path, "x") }
        try FileManager.default.createSymbolicLink(atPath: folder.notes + "/link.md", withDestinationPath: folder.notes + "/a.md")
        #expect(mkfifo(folder.notes + "/pipe.md", 0o600) == 0)
        #expect(visits(folder).0 == ["no extension Makefile", "note a.md", "symbolic link link.md", ".png photo.PNG",
                                     "special file pipe.md", ".pdf scan.pdf", ".pdf sub/b.pdf"])
    }

    @Test func followsLinksWhenAsked() throws {
        let folder = TestFolder()
        folder.write("real/a.md", "x")
        folder.write("b.md", "x")
        try FileManager.default.createSymbolicLink(atPath: folder.notes + "/link", withDestinationPath: folder.notes + "/real")
        try FileManager.default.createSymbolicLink(atPath: folder.notes + "/c.md", withDestinationPath: folder.notes + "/b.md")
        try FileManager.default.createSymbolicLink(atPath: folder.notes + "/dangling.md", withDestinationPath: folder.notes + "/gone.md")
        let (found, problems) = visits(folder, WalkOptions(followsLinks: true))
        #expect(problems.isEmpty)
        #expect(found == ["note b.md", "note c.md", "broken symbolic link dangling.md", "note link/a.md", "note real/a.md"])
    }

    @Test func aLinkToAnAncestorIsReportedNotFollowed() throws {
        let folder = TestFolder()
        folder.write("a/b/note.md", "x")
        try FileManager.default.createSymbolicLink(atPath: folder.notes + "/a/b/up", withDestinationPath: folder.notes + "/a")
        try FileManager.default.createSymbolicLink(atPath: folder.notes + "/a/self", withDestinationPath: ".")
        let (found, problems) = visits(folder, WalkOptions(followsLinks: true))
        #expect(found == ["note a/b/note.md"])
        #expect(problems.map { String($0.path.dropFirst(folder.notes.count + 1)) } == ["a/b/up", "a/self"])
        #expect(problems.allSatisfy { $0.reason.hasPrefix("symbolic link loop") })
    }

    @Test func aPathWithinARootIsJudgedByTheRootsRules() {
        let folder = TestFolder()
        folder.write(".gitignore", "ignored/\n")
        folder.write("ignored/x.md", "x")
        folder.write("sub/new.md", "x")
        folder.write("sub/.hidden/y.md", "x")
        folder.write("sub/photo.png", "x")
        #expect(visits(folder, root: folder.notes + "/sub/new.md", within: folder.notes).0 == ["note sub/new.md"])
        #expect(visits(folder, root: folder.notes + "/sub", within: folder.notes).0 == ["note sub/new.md", ".png sub/photo.png"])
        #expect(visits(folder, root: folder.notes + "/ignored/x.md", within: folder.notes).0 == ["ignored ignored"])
        #expect(visits(folder, root: folder.notes + "/sub/.hidden/y.md", within: folder.notes).0.isEmpty)
        #expect(visits(folder, root: folder.notes + "/sub/photo.png", within: folder.notes).0 == [".png sub/photo.png"])
        // A path that is gone yields nothing and no problem: its notes are to be removed.
        let gone = visits(folder, root: folder.notes + "/sub/gone.md", within: folder.notes)
        #expect(gone.0.isEmpty && gone.1.isEmpty)
    }
}
