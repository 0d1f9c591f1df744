import Foundation
import Testing

/// Folders as `notes-index` walks them: ignore files, --exclude, -L, -v, --forget and --list-roots.
@Suite struct NotesIndexFoldersTests {
    @Test func gitignoredFoldersAreNotIndexedAndForgetLeavesACheckedIndex() throws {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        runner.write(".gitignore", "node_modules/\nbuild/\n")
        runner.write("node_modules/pkg/README.md", "# Package readme\nzebrafish\n")
        runner.write("build/out.md", "# Build output\nzebrafish\n")
        runner.write("attachments/photo.png", "png")
        let other = runner.workingDirectory + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try "# Other root\nquokka\n".write(toFile: other + "/o.md", atomically: true, encoding: .utf8)

        let indexed = try runner.index([runner.notes, other])
        #expect(indexed.status == 0)
        #expect(indexed.stderr.contains("7 files seen, 7 read: 7 added, 0 updated, 0 unchanged, 0 removed, 0 skipped; 1 other file not read: 1 .png; 7 notes in the index"))
        #expect(try runner.find(["zebrafish"]).status == 1)

        let roots = try runner.index(["--list-roots"])
        #expect(roots.status == 0)
        #expect(roots.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(3).joined(separator: " ") }
                == ["\(runner.notes) 6 files 6 notes", "\(other) 1 files 1 notes"])

        let forgot = try runner.index(["--forget", runner.notes])
        #expect(forgot.status == 0)
        #expect(forgot.stderr == "notes-index: forgot \(runner.notes): 6 notes from 6 files removed\n")
        #expect(try runner.find(["deploy"]).status == 1)
        #expect(try runner.find(["quokka"]).status == 0)
        let check = try runner.index(["--check"])
        #expect(check.status == 0 && check.stdout.contains("passed (1 notes"))
        #expect(try runner.index(["--list-roots"]).stdout.hasPrefix(other + "\t1 files\t1 notes\tindexed "))

        let again = try runner.index(["--forget", runner.notes])
        #expect(again.status == 1)
        #expect(again.stderr == "notes-index: nothing indexed at or below \(runner.notes); see `notes-index --db \(runner.database) --list-roots`\n")
    }

    @Test func forgetGivesTheFreedSpaceBack() throws {
        let runner = CommandRunner()
        for number in 0..<60 {
            runner.write("n\(number).md", "# Note \(number)\n\n" + (0..<400).map { "w\(number)x\($0)" }.joined(separator: " "))
        }
        #expect(try runner.index([runner.notes]).status == 0)
        let size = { (try? FileManager.default.attributesOfItem(atPath: runner.database)[.size] as? NSNumber)?.intValue ?? 0 }
        let indexed = size()
        let forgot = try runner.index(["--forget", runner.notes, "--check"])
        #expect(forgot.status == 0 && forgot.stdout.contains("passed (0 notes"))
        // SQLite files never shrink by themselves: the freed pages were given back (auto_vacuum=INCREMENTAL).
        #expect(size() < indexed)
    }

    @Test func excludeFollowAndVerbose() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# A\nalpha\n")
        runner.write("archive/old.md", "# Old\nbravo\n")
        runner.write("scan.pdf", "pdf")
        let shared = runner.workingDirectory + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try "# Shared\ncharlie\n".write(toFile: shared + "/s.md", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: runner.notes + "/shared", withDestinationPath: shared)

        let plain = try runner.index(["-v", "--exclude", "archive/", runner.notes])
        #expect(plain.status == 0)
        let lines = plain.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("notes-index: \(runner.notes)/archive: ignored by --exclude: archive/"))
        #expect(lines.contains("notes-index: \(runner.notes)/scan.pdf: not a note file (.pdf)"))
        #expect(lines.contains("notes-index: \(runner.notes)/shared: symbolic link, not followed (-L follows links)"))
        #expect(try runner.find(["bravo"]).status == 1)
        #expect(try runner.find(["charlie"]).status == 1)

        let followed = try runner.index(["-L", "--exclude", "archive/", runner.notes])
        #expect(followed.stderr.contains("1 read: 1 added, 0 updated, 1 unchanged, 0 removed"))
        #expect(try runner.find(["-l", "charlie"]).stdout == "notes/shared/s.md\n")
    }

    @Test func listRootsOfAnEmptyIndexSaysSo() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# a\n")
        #expect(try runner.index(["-q", runner.notes + "/a.md"]).status == 0)
        #expect(try runner.index(["-q", "--forget", runner.notes + "/a.md"]).status == 0)
        let roots = try runner.index(["--list-roots"])
        #expect(roots.status == 0 && roots.stdout.isEmpty)
        #expect(roots.stderr.hasPrefix("notes-index: nothing indexed in \(runner.database) yet"))
    }

    @Test func badOptionCombinationsAreUsageErrors() throws {
        let runner = CommandRunner()
        let both = try runner.index(["-q", "-v", runner.notes])
        #expect(both.status == 2 && both.stderr.contains("-q and -v exclude each other"))
        let empty = try runner.index(["--exclude", "", runner.notes])
        #expect(empty.status == 2 && empty.stderr.contains("--exclude needs a glob"))
    }
}
