import Foundation
import Testing

/// `notes-index --watch` as a user runs it: changes show in `notes-find` while it runs; Ctrl-C stops it.
/// Every wait has a deadline and the watcher is killed if it outlives the test, so nothing here can hang.
@Suite(.serialized) struct NotesIndexWatchTests {
    /// How long a change may take to show. Generous on purpose: tests assert behaviour, never timings (a
    /// loaded CI machine must not fail them). The 2 s latency figure is measured by hand, outside the tests.
    static let seconds = 20.0

    @Test(.enabled(if: isLinux), .timeLimit(.minutes(3)))
    func newEditedByRenameAndDeletedFilesShow() throws {
        let runner = CommandRunner()
        runner.write("one.md", "# One\nalpha\n")
        let watcher = try BackgroundCommand(runner, "notes-index", ["--db", runner.database, "--watch", runner.notes])
        #expect(BackgroundCommand.eventually(within: 30) { watcher.stderr.contains("watching 1 folder for changes") })
        #expect(try runner.find(["alpha"]).status == 0)

        runner.write("two.md", "# Two\nbravo\n")
        #expect(try BackgroundCommand.eventually(within: Self.seconds) { try runner.find(["bravo"]).status == 0 })

        // An editor's save: write a hidden temporary file, then rename it over the note.
        runner.write(".one.md.swp", "# One\ncharlie\n")
        #expect(rename(runner.notes + "/.one.md.swp", runner.notes + "/one.md") == 0)
        #expect(try BackgroundCommand.eventually(within: Self.seconds) {
            try runner.find(["charlie"]).status == 0 && runner.find(["alpha"]).status == 1
        })

        try FileManager.default.removeItem(atPath: runner.notes + "/two.md")
        #expect(try BackgroundCommand.eventually(within: Self.seconds) { try runner.find(["bravo"]).status == 1 })

        #expect(watcher.interrupt(waitingSeconds: 10) == 0)
        #expect(watcher.stderr.hasSuffix("notes-index: stopped watching\n"))
        #expect(try runner.index(["--check"]).status == 0)
    }

    @Test(.enabled(if: isLinux), .timeLimit(.minutes(3)))
    func newMovedAndDeletedFoldersAndIgnoreFiles() throws {
        let runner = CommandRunner()
        runner.write("keep.md", "# Keep\nkept\n")
        let watcher = try BackgroundCommand(runner, "notes-index", ["--db", runner.database, "--watch", runner.notes])
        #expect(BackgroundCommand.eventually(within: 30) { watcher.stderr.contains("watching") })

        runner.write("sub/deep/d.md", "# Deep\ndelta\n")
        #expect(try BackgroundCommand.eventually(within: Self.seconds) { try runner.find(["delta"]).status == 0 })
        try FileManager.default.moveItem(atPath: runner.notes + "/sub", toPath: runner.notes + "/moved")
        #expect(try BackgroundCommand.eventually(within: Self.seconds) {
            try runner.find(["-l", "delta"]).stdout == "notes/moved/deep/d.md\n"
        })
        // The moved folder is watched under its new name.
        runner.write("moved/deep/e.md", "# Deeper\necho\n")
        #expect(try BackgroundCommand.eventually(within: Self.seconds) { try runner.find(["echo"]).status == 0 })
        try FileManager.default.removeItem(atPath: runner.notes + "/moved")
        #expect(try BackgroundCommand.eventually(within: Self.seconds) { try runner.find(["delta OR echo"]).status == 1 })

        runner.write(".gitignore", "drafts/\n")
        runner.write("drafts/wip.md", "# Draft\nfoxtrot\n")
        runner.write("visible.md", "# Visible\ngolf\n")
        #expect(try BackgroundCommand.eventually(within: Self.seconds) { try runner.find(["golf"]).status == 0 })
        #expect(try runner.find(["foxtrot"]).status == 1)

        #expect(watcher.interrupt(waitingSeconds: 10) == 0)
        #expect(try runner.index(["--check"]).status == 0)
    }

    /// The watches are in place before the first pass: an edit made while it runs (after it read the file)
    /// reaches the index, which ends as a fresh build would make it.
    @Test(.enabled(if: isLinux), .timeLimit(.minutes(3)))
    func editsDuringTheFirstPassAreNotLost() throws {
        let runner = CommandRunner()
        // Enough notes that the first pass takes a while after reading the first one (folders in name order).
        for folder in 0..<7 { try FileManager.default.createDirectory(atPath: runner.notes + "/d\(folder)", withIntermediateDirectories: true) }
        for number in 0..<1500 {
            try Data("# Note \(number)\nalpha \(number)\n".utf8).write(to: URL(fileURLWithPath: runner.notes + "/d\(number % 7)/note\(number).md"))
        }
        let edited = runner.notes + "/d0/note0.md"
        let watcher = try BackgroundCommand(runner, "notes-index", ["--db", runner.database, "--watch", runner.notes])
        // Edit until the first pass has printed its summary (the edits stop before it ends).
        var revision = 0
        let deadline = Date().addingTimeInterval(60)
        while !watcher.stderr.contains("files seen") && Date() < deadline {
            revision += 1
            // In place, as `echo >` does (createFile writes a temporary file beside it and renames it).
            try Data("# Edit\nrevision\(revision)\n".utf8).write(to: URL(fileURLWithPath: edited))
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(BackgroundCommand.eventually(within: 30) { watcher.stderr.contains("watching") })
        #expect(try BackgroundCommand.eventually(within: Self.seconds) {
            try runner.find(["-l", "revision\(revision)"]).stdout == "notes/d0/note0.md\n"
        })
        #expect(try runner.find(["revision\(revision - 1)"]).status == 1)
        #expect(watcher.interrupt(waitingSeconds: 10) == 0, Comment(rawValue: watcher.stderr))
    }

    /// A folder moved in is watched folder by folder as it is walked, each before it is listed: subfolders
    /// created while the walk runs are watched too, so notes written in them later show.
    @Test(.enabled(if: isLinux), .timeLimit(.minutes(3)))
    func foldersCreatedWhileANewFolderIsWalkedAreWatched() throws {
        let runner = CommandRunner()
        // A folder whose walk takes a while (its first subfolder holds many files that are not notes).
        let staged = runner.workingDirectory + "/stage"
        try FileManager.default.createDirectory(atPath: staged + "/a", withIntermediateDirectories: true)
        for number in 0..<3000 { _ = FileManager.default.createFile(atPath: staged + "/a/f\(number).png", contents: nil) }
        let watcher = try BackgroundCommand(runner, "notes-index", ["--db", runner.database, "--watch", runner.notes])
        #expect(BackgroundCommand.eventually(within: 30) { watcher.stderr.contains("watching") })

        // Move it in, then create subfolders in it for a while: some are created while it is being walked.
        #expect(rename(staged, runner.notes + "/S") == 0)
        let count = 100
        for number in 0..<count {
            runner.write("S/b\(number)/c/first.md", "# First\nkilo\n")
            Thread.sleep(forTimeInterval: 0.002)
        }
        #expect(try BackgroundCommand.eventually(within: Self.seconds) {
            try runner.find(["-c", "kilo"]).stdout == "\(count)\n"
        })
        // Every one of those folders is watched: a note written in each now shows.
        for number in 0..<count { runner.write("S/b\(number)/c/second.md", "# Second\nkilo\n") }
        #expect(try BackgroundCommand.eventually(within: Self.seconds) {
            try runner.find(["-c", "kilo"]).stdout == "\(2 * count)\n"
        })
        #expect(watcher.interrupt(waitingSeconds: 10) == 0, Comment(rawValue: watcher.stderr))
    }

    /// A root moved away or deleted is reported in one line and watched for; when it is back (moved back,
    /// or made again with subfolders) it is indexed and watched again.
    @Test(.enabled(if: isLinux), .timeLimit(.minutes(3)))
    func aRootThatGoesAndComesBackIsWatchedAgain() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# One\nalpha\n")
        let watcher = try BackgroundCommand(runner, "notes-index", ["--db", runner.database, "--watch", runner.notes])
        #expect(BackgroundCommand.eventually(within: 30) { watcher.stderr.contains("watching") })
        let away = runner.workingDirectory + "/away"

        #expect(rename(runner.notes, away) == 0)
        let gone = "notes-index: \(runner.notes) was moved or deleted; its notes stay in the index; watching for it to come back\n"
        #expect(BackgroundCommand.eventually(within: Self.seconds) { watcher.stderr.contains(gone) })
        #expect(try runner.find(["alpha"]).status == 0)
        #expect(rename(away, runner.notes) == 0)
        #expect(BackgroundCommand.eventually(within: Self.seconds) { watcher.stderr.contains("\(runner.notes) is back") })
        runner.write("b.md", "# Two\nmango\n")
        #expect(try BackgroundCommand.eventually(within: Self.seconds) { try runner.find(["mango"]).status == 0 })

        // Deleted, then made again with a subfolder at once: the new tree is indexed and watched.
        try FileManager.default.removeItem(atPath: runner.notes)
        #expect(BackgroundCommand.eventually(within: Self.seconds) { watcher.stderr.components(separatedBy: gone).count == 3 })
        runner.write("sub/c.md", "# Three\npapaya\n")
        #expect(try BackgroundCommand.eventually(within: Self.seconds) {
            try runner.find(["papaya"]).status == 0 && runner.find(["mango OR alpha"]).status == 1
        })
        runner.write("sub/d.md", "# Four\nquince\n")
        #expect(try BackgroundCommand.eventually(within: Self.seconds) { try runner.find(["quince"]).status == 0 }, Comment(rawValue: watcher.stderr))
        #expect(watcher.interrupt(waitingSeconds: 10) == 0, Comment(rawValue: watcher.stderr))
        #expect(try runner.index(["--check"]).status == 0)
    }

    @Test func watchNeedsPaths() throws {
        let result = try CommandRunner().index(["--watch"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--watch needs the folders to watch"))
    }
}

#if os(Linux)
private let isLinux = true
#else
private let isLinux = false
#endif
