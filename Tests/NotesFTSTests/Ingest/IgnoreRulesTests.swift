import Foundation
import Testing
@testable import NotesFTS

/// Ignore files as the walker applies them: nesting, precedence, negation, anchoring, `--exclude`.
@Suite struct IgnoreRulesTests {
    /// The note files a walk of `folder.notes` finds, relative to it.
    func found(_ folder: TestFolder, _ options: WalkOptions = WalkOptions()) -> [String] {
        var found: [String] = []
        _ = FileWalker(options: options).walk(root: folder.notes) { found.append($0.path) }
        return found.map { String($0.dropFirst(folder.notes.count + 1)) }
    }

    @Test func gitignoredFoldersAndFilesAreLeftOut() {
        let folder = TestFolder()
        folder.write(".gitignore", "node_modules/\n/build\n*.tmp.md\n")
        for path in ["a.md", "node_modules/pkg/readme.md", "sub/node_modules/x.md", "build/out.md",
                     "sub/build/kept.md", "draft.tmp.md", "sub/x.tmp.md"] {
            folder.write(path, "x")
        }
        #expect(found(folder) == ["a.md", "sub/build/kept.md"])
    }

    @Test func nestedFilesOverrideTheirParents() {
        let folder = TestFolder()
        folder.write(".gitignore", "*.txt\n")
        folder.write("keep/.gitignore", "!*.txt\n")
        folder.write("a.txt", "x")
        folder.write("keep/b.txt", "x")
        folder.write("keep/deeper/c.txt", "x")
        #expect(found(folder) == ["keep/b.txt", "keep/deeper/c.txt"])
    }

    @Test func negationReincludesAndTheLastMatchingLineWins() {
        let folder = TestFolder()
        folder.write(".ignore", "*.md\n!important.md\n!b*.md\nbad.md\n")
        for path in ["a.md", "important.md", "bad.md", "better.md", "x.txt"] { folder.write(path, "x") }
        #expect(found(folder) == ["better.md", "important.md", "x.txt"])
    }

    @Test func aFileInsideAnIgnoredFolderCannotBeReincluded() {
        let folder = TestFolder()
        folder.write(".gitignore", "private/\n!private/public.md\n")
        folder.write("private/public.md", "x")
        #expect(found(folder).isEmpty)
    }

    @Test func trailingDoubleStarKeepsTheFolderSoChildrenCanBeReincluded() {
        let folder = TestFolder()
        folder.write(".gitignore", "drafts/**\n!drafts/final.md\n")
        folder.write("drafts/wip.md", "x")
        folder.write("drafts/final.md", "x")
        #expect(found(folder) == ["drafts/final.md"])
    }

    @Test func notesignoreOverridesIgnoreWhichOverridesGitignore() {
        let folder = TestFolder()
        folder.write(".gitignore", "a.md\nb.md\nc.md\n")
        folder.write(".ignore", "!b.md\n!c.md\n")
        folder.write(".notesignore", "c.md\n")
        for path in ["a.md", "b.md", "c.md"] { folder.write(path, "x") }
        #expect(found(folder) == ["b.md"])
    }

    @Test func anchoredPatternsAreRelativeToTheirOwnFile() {
        let folder = TestFolder()
        folder.write("sub/.gitignore", "/only-here.md\nnested/deep.md\n")
        for path in ["only-here.md", "sub/only-here.md", "sub/x/only-here.md", "sub/nested/deep.md", "nested/deep.md"] {
            folder.write(path, "x")
        }
        #expect(found(folder) == ["nested/deep.md", "only-here.md", "sub/x/only-here.md"])
    }

    @Test func excludeGlobsWinOverIgnoreFiles() {
        let folder = TestFolder()
        folder.write(".ignore", "!*.md\n")
        for path in ["a.md", "archive/old.md", "x/archive/old2.md", "journal/2024.md", "b.txt"] { folder.write(path, "x") }
        let options = WalkOptions(excludes: ["archive/", "/journal/*.md", "*.txt"])
        #expect(found(folder, options) == ["a.md"])
    }

    @Test func aReincludingRuleMakesAHiddenPathVisible() {
        let folder = TestFolder()
        folder.write(".ignore", "!.templates/\n!.inbox.md\n")
        for path in [".templates/t.md", ".templates/.deeper/x.md", ".inbox.md", ".other.md", ".git/notes.md"] {
            folder.write(path, "x")
        }
        #expect(found(folder) == [".inbox.md", ".templates/t.md"])
    }

    @Test func ignoreFilesCanBeSwitchedOff() {
        let folder = TestFolder()
        folder.write(".gitignore", "*.md\n")
        folder.write("a.md", "x")
        #expect(found(folder).isEmpty)
        #expect(found(folder, WalkOptions(readsIgnoreFiles: false)) == ["a.md"])
    }

    @Test func parentIgnoreFilesApplyWithinTheGitRepository() throws {
        let folder = TestFolder()
        try FileManager.default.createDirectory(atPath: folder.root + "/.git", withIntermediateDirectories: true)
        try "notes/sub/skip.md\n".write(toFile: folder.root + "/.gitignore", atomically: true, encoding: .utf8)
        folder.write("sub/skip.md", "x")
        folder.write("sub/keep.md", "x")
        #expect(found(folder) == ["sub/keep.md"])
        try FileManager.default.removeItem(atPath: folder.root + "/.git")
        #expect(found(folder) == ["sub/keep.md", "sub/skip.md"])
    }

    @Test func ignoredPathsAreReportedWithTheirRule() {
        let folder = TestFolder()
        folder.write(".gitignore", "# build output\nbuild/\n")
        folder.write("build/x.md", "x")
        var ignored: [String] = []
        _ = FileWalker().walk(root: folder.notes) { visit in
            if case .ignored(let path, let rule) = visit { ignored.append("\(path) \(rule.origin) \(rule.line)") }
        }
        #expect(ignored == ["\(folder.notes)/build \(folder.notes)/.gitignore:2 build/"])
    }
}
