#if os(Linux)
import Foundation
import Glibc
import Testing
@testable import NotesFTS

@Suite struct FolderWatcherTests {
    /// The events that arrive within 2 s, until `done` says enough came.
    func events(_ watcher: FolderWatcher, until done: ([FolderWatcher.Event]) -> Bool) -> [FolderWatcher.Event] {
        var events: [FolderWatcher.Event] = []
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline && !done(events) {
            var descriptor = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 100)
            events += watcher.read()
        }
        return events
    }

    @Test func reportsWritesRenamesAndDeletionsWithFullPaths() throws {
        let folder = TestFolder()
        let watcher = try FolderWatcher()
        try watcher.watch(folder.notes)
        #expect(watcher.count == 1)
        folder.write("a.md", "x")
        #expect(rename(folder.notes + "/a.md", folder.notes + "/b.md") == 0)
        folder.remove("b.md")
        try FileManager.default.createDirectory(atPath: folder.notes + "/sub", withIntermediateDirectories: false)
        let seen = events(watcher) { $0.contains { $0.path.hasSuffix("/sub") } }
        let a = folder.notes + "/a.md", b = folder.notes + "/b.md"
        #expect(seen.contains(FolderWatcher.Event(path: a, isFolder: false, kind: .changed)))
        #expect(seen.contains(FolderWatcher.Event(path: a, isFolder: false, kind: .gone)))
        #expect(seen.contains(FolderWatcher.Event(path: b, isFolder: false, kind: .movedIn)))
        #expect(seen.contains(FolderWatcher.Event(path: b, isFolder: false, kind: .gone)))
        #expect(seen.contains(FolderWatcher.Event(path: folder.notes + "/sub", isFolder: true, kind: .changed)))
    }

    @Test func unwatchedFoldersAreQuietAndAWatchedFolderReportsItsOwnRemoval() throws {
        let folder = TestFolder()
        folder.write("one/x.md", "x")
        folder.write("two/y.md", "y")
        let watcher = try FolderWatcher()
        for name in ["one", "two"] { try watcher.watch(folder.notes + "/" + name) }
        watcher.unwatch(under: folder.notes + "/one")
        #expect(watcher.count == 1)
        folder.write("one/z.md", "z")
        try FileManager.default.removeItem(atPath: folder.notes + "/two")
        let seen = events(watcher) { $0.contains { $0.kind == .folderGone } }
        #expect(!seen.contains { $0.path.hasPrefix(folder.notes + "/one") })
        #expect(seen.contains(FolderWatcher.Event(path: folder.notes + "/two", isFolder: true, kind: .folderGone)))
    }

    @Test func aMissingFolderIsNotAnError() throws {
        let watcher = try FolderWatcher()
        try watcher.watch("/nonexistent/folder")
        #expect(watcher.count == 0)
    }
}
#endif
