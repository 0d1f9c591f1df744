import Foundation
import Testing

@Suite struct NotesIndexCommandTests {
    @Test func indexesAFolderAndSummarises() throws {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        let result = try runner.index([runner.notes])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("6 files seen, 6 read: 6 added, 0 updated, 0 unchanged, 0 removed, 0 skipped; 6 notes"))
        #expect(try runner.index(["--check"]).status == 0)
    }

    @Test func incrementalRunsEndToEnd() throws {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        _ = try runner.index([runner.notes])
        let again = try runner.index([runner.notes])
        #expect(again.stderr.contains("6 files seen, 0 read: 0 added, 0 updated, 6 unchanged, 0 removed, 0 skipped"))

        runner.write("work/deploy.md", "# Deploy checklist\n\nRun the tests.\nThen ship to production. zebrafish\n")
        let changed = try runner.index([runner.notes])
        #expect(changed.stderr.contains("1 read: 0 added, 1 updated"))
        #expect(try runner.find(["zebrafish"]).status == 0)
        #expect(try runner.find(["title:deploy", "production"]).stdout.contains("ship"))
        #expect(try runner.index(["--check"]).status == 0)

        try FileManager.default.removeItem(atPath: runner.notes + "/recipes/bread.txt")
        let removed = try runner.index([runner.notes])
        #expect(removed.stderr.contains("1 removed"))
        #expect(try runner.find(["sourdough"]).status == 1)
        #expect(try runner.index(["--check"]).status == 0)
    }

    @Test func badInputsAreNamedAndTheRestIndexed() throws {
        let runner = CommandRunner()
        runner.write("good.md", "# Good\nfine words")
        runner.write("broken.json", "{ not json")
        runner.writeBytes("latin1.txt", [0x63, 0x61, 0x66, 0xE9])
        let result = try runner.index([runner.notes])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("notes-index: skipped ") && $0.contains("broken.json: malformed JSON") })
        #expect(lines.contains { $0.contains("latin1.txt: invalid UTF-8 at byte 3") })
        #expect(try runner.find(["fine"]).status == 0)
    }

    /// `-q` prints warnings only: a rebuild and a forget that worked say nothing; a forget that found
    /// nothing still warns.
    @Test func quietMaintenancePrintsNothing() throws {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        #expect(try runner.index(["-q", runner.notes]).stderr.isEmpty)
        let rebuilt = try runner.index(["-q", "--rebuild"])
        #expect(rebuilt.status == 0)
        #expect(rebuilt.stderr.isEmpty)
        let forgot = try runner.index(["-q", "--forget", runner.notes])
        #expect(forgot.status == 0)
        #expect(forgot.stderr.isEmpty)
        let nothing = try runner.index(["-q", "--forget", runner.notes])
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("nothing indexed at or below"))
    }

    /// A root file that is not a note is refused with every extension that is read (not a shorter list).
    @Test func rootFileThatIsNoNoteNamesEveryNoteExtension() throws {
        let runner = CommandRunner()
        runner.write("x.png", "hi\n")
        let result = try runner.index([runner.notes + "/x.png"])
        #expect(result.status != 0)
        let line = try #require(result.stderr.split(separator: "\n").first { $0.contains("not a note file") })
        for format in [".txt", ".md", ".markdown", ".json", ".jsonl", ".rst", ".adoc", ".org", ".html", ".enex"] {
            #expect(line.contains("\(format),") || line.contains("\(format) ") || line.hasSuffix("\(format))"), "\(format)")
        }
    }

    @Test func usesNotesDBFromTheEnvironment() throws {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        let custom = runner.workingDirectory + "/env/index.sqlite"
        let indexed = try runner.run("notes-index", [runner.notes], environment: ["NOTES_DB": custom])
        #expect(indexed.status == 0)
        #expect(FileManager.default.fileExists(atPath: custom))
        #expect(try runner.run("notes-find", ["deploy"], environment: ["NOTES_DB": custom]).status == 0)
        // Without --db or NOTES_DB the default location under XDG_DATA_HOME is used.
        let xdg = runner.workingDirectory + "/xdg"
        #expect(try runner.run("notes-index", [runner.notes], environment: ["XDG_DATA_HOME": xdg]).status == 0)
        #expect(FileManager.default.fileExists(atPath: xdg + "/notes-fts/notes.sqlite"))
    }

    // Breaks the sync on purpose with the sqlite3 shell, so it needs one.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func checkFailsOnADriftedIndexAndRebuildRepairsIt() throws {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        _ = try runner.index([runner.notes])
        _ = try runner.run("/usr/bin/sqlite3", [runner.database, "DROP TRIGGER notes_au; UPDATE notes SET body = 'changed' WHERE id = 1;"])
        let check = try runner.index(["--check"])
        #expect(check.status == 2)
        #expect(check.stderr.contains("FTS5 integrity-check failed"))
        #expect(try runner.index(["--rebuild"]).status == 0)
        #expect(try runner.index(["--check"]).status == 0)
    }

    // A first build that still runs in another process (here process 1) with a note's text in its side file:
    // --check says so instead of calling the index damaged, and does not repair it behind the build's back.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func checkNamesAFirstBuildThatStillRuns() throws {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        _ = try runner.index([runner.notes])
        let owner = getpid() == 1 ? 2 : 1
        _ = try runner.run("/usr/bin/sqlite3", [runner.database, """
            DROP TRIGGER notes_ai;
            INSERT INTO notes(path, position, line, title, body, tags, aliases) SELECT path || '.copy', position, line, title, body, tags, aliases FROM notes WHERE id = 1;
            INSERT INTO meta(key, value) VALUES ('first_build', 'incomplete'), ('first_build_side', 'side file'), ('first_build_owner', \(owner));
            """])
        let check = try runner.index(["--check"])
        #expect(check.status != 0)
        #expect(check.stderr.contains("a first build (process \(owner)) is still indexing"))
        #expect(check.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        ([String](), "no folders or files to index"),
        (["--bogus"], "unknown option --bogus"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let runner = CommandRunner()
        let result = try runner.index(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func unusableIndexPathExitsTwo() throws {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        let result = try runner.run("notes-index", ["--db", runner.notes, runner.notes])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is not a readable SQLite database (it is a folder)"))
        let notDatabase = runner.notes + "/work/deploy.md"
        let second = try runner.run("notes-index", ["--db", notDatabase, runner.notes])
        #expect(second.status == 2)
        #expect(second.stderr.contains("not a readable SQLite database"))
    }

    @Test func helpAndVersion() throws {
        let runner = CommandRunner()
        let help = try runner.run("notes-index", ["--help"])
        #expect(help.status == 0 && help.stdout.contains("Usage: notes-index"))
        // Dates from the file: its birth and modification times (not the status-change time), in both texts.
        let manual = try runner.run("notes-index", ["--generate", "man"]).stdout
        for text in [help.stdout, manual] {
            #expect(text.contains("modification time") && !text.contains("change times"))
        }
        let version = try runner.run("notes-index", ["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("notes-index "))
    }
}
