import Foundation
import Testing
@testable import NotesFTS

/// How the indexer walks: ignore rules, files that are not notes, and refreshing paths within a root.
@Suite struct IndexerWalkTests {
    @Test func filesThatAreNotNotesAreCountedByKindAndNamedAsNotices() throws {
        let folder = TestFolder()
        for path in ["a.md", "p1.png", "p2.png", "doc.pdf", "build/x.md"] { folder.write(path, "x") }
        folder.write(".gitignore", "build/\n")
        let index = try folder.openIndex()
        let indexer = Indexer(index: index)
        var notices: [String] = []
        indexer.onNotice = { notices.append("\($0.path.dropFirst(folder.notes.count + 1)): \($0.reason)") }
        let summary = try indexer.run(paths: [folder.notes])
        #expect(summary.seen == 1 && summary.skipped == 0)
        #expect(summary.otherFiles == [".png": 2, ".pdf": 1])
        #expect(notices == ["build: ignored by \(folder.notes)/.gitignore:1: build/", "doc.pdf: not a note file (.pdf)",
                            "p1.png: not a note file (.png)", "p2.png: not a note file (.png)"])
    }

    @Test func aFolderIgnoredLaterLosesItsNotes() throws {
        let folder = TestFolder()
        folder.write("keep.md", "# Keep\nalpha")
        folder.write("vendor/lib.md", "# Vendored\nbravo")
        let index = try folder.openIndex()
        _ = try folder.index(index)
        #expect(try index.titles("bravo") == ["Vendored"])
        folder.write(".ignore", "vendor/\n")
        let (summary, _) = try folder.index(index)
        #expect(summary.removed == 1)
        #expect(try index.titles("bravo").isEmpty)
        #expect(index.isConsistent)
    }

    @Test func excludeAndFollowOptionsReachTheWalk() throws {
        let folder = TestFolder()
        folder.write("real/a.md", "# Linked\ncharlie")
        folder.write("archive/old.md", "# Old\ndelta")
        try FileManager.default.createSymbolicLink(atPath: folder.root + "/outside", withDestinationPath: folder.notes + "/real")
        try FileManager.default.createSymbolicLink(atPath: folder.notes + "/real/loop", withDestinationPath: folder.notes)
        let index = try folder.openIndex()
        let indexer = Indexer(index: index)
        indexer.walkOptions = WalkOptions(excludes: ["archive/"], followsLinks: true)
        var warnings: [IndexWarning] = []
        indexer.onWarning = { warnings.append($0) }
        let summary = try indexer.run(paths: [folder.notes])
        #expect(try index.titles("delta").isEmpty)
        #expect(summary.seen == 1)
        #expect(warnings.map(\.path) == [folder.notes + "/real/loop"])
        #expect(warnings.first?.reason.hasPrefix("symbolic link loop") == true)
    }

    @Test func refreshWithinARootFollowsItsRules() throws {
        let folder = TestFolder()
        folder.write(".gitignore", "private/\n")
        folder.write("a.md", "# A\nalpha")
        let index = try folder.openIndex()
        _ = try folder.index(index)
        let indexer = Indexer(index: index)

        folder.write("sub/new.md", "# New\necho")
        folder.write("private/secret.md", "# Secret\nfoxtrot")
        var summary = try indexer.refresh([folder.notes + "/sub/new.md", folder.notes + "/private/secret.md"], within: folder.notes)
        #expect(summary.added == 1)
        #expect(try index.titles("echo") == ["New"] && index.titles("foxtrot").isEmpty)

        folder.remove("a.md")
        summary = try indexer.refresh([folder.notes + "/a.md"], within: folder.notes)
        #expect(summary.removed == 1 && summary.skipped == 0)
        #expect(try index.titles("alpha").isEmpty)

        try FileManager.default.moveItem(atPath: folder.notes + "/sub", toPath: folder.notes + "/moved")
        summary = try indexer.refresh([folder.notes + "/sub", folder.notes + "/moved"], within: folder.notes)
        #expect(summary.added == 1 && summary.removed == 1)
        #expect(try index.search("echo").map(\.path) == [folder.notes + "/moved/new.md"])
        #expect(index.isConsistent)
    }

    @Test func refreshCoversAPathOnceWhenItsFolderIsAlsoGiven() throws {
        let folder = TestFolder()
        folder.write("sub/a.md", "# A\nalpha")
        let index = try folder.openIndex()
        let summary = try Indexer(index: index).refresh([folder.notes + "/sub/a.md", folder.notes + "/sub"], within: folder.notes)
        #expect(summary.seen == 1 && summary.added == 1)
    }
}
