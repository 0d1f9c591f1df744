import Foundation
import Testing

/// Inputs that crashed notes-index, lost notes or misreported (a reviewer's hostile-input sweep, 1 December):
/// dates beyond what the index stores, file times past 2262, empty path arguments, names that are not UTF-8,
/// a followed link to a folder above the root, bad JSON Lines lines, an index the user may read but not write.
@Suite struct NotesIndexHostileInputTests {
    @Test func datesBeyondTheYear9999AreNoDatesAndCrashNothing() throws {
        let runner = CommandRunner()
        runner.write("keep.md", "# keep\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        runner.write("bad.json", #"{"title": "t", "body": "zzbad", "created": 1e300}"#)
        runner.write("front.md", "---\ncreated: 999999999999999999999999999999\n---\n# fm zzfront\n")
        runner.write("new.md", "# new zznew\n")
        let run = try runner.index([runner.notes])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal") && !run.stderr.contains("runtime failure"))
        #expect(try runner.find(["-c", "zzbad OR zzfront OR zznew"]).stdout == "3\n")
        // The next run finds nothing to do, rather than crashing again on the same file.
        #expect(try runner.index([runner.notes]).stderr.contains("0 added, 0 updated, 4 unchanged"))
    }

    @Test func aFileTimeAfter2262IsIndexed() throws {
        let runner = CommandRunner()
        runner.write("future.md", "# zzfuture\n")
        let touched = try runner.run("/usr/bin/touch", ["-d", "2262-04-12", runner.notes + "/future.md"])
        try #require(touched.status == 0, "touch -d is needed: \(touched.stderr)")
        let run = try runner.index([runner.notes])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try runner.find(["-c", "zzfuture"]).stdout == "1\n")
        #expect(try runner.index([runner.notes]).stderr.contains("1 unchanged"))
    }

    @Test(arguments: [["--forget", ""], [""], ["--db", ""]])
    func anEmptyPathIsAUsageErrorAndForgetsNothing(arguments: [String]) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzkept\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        // From the notes folder: an empty path taken for "here" would forget (or index) everything below it.
        let tool = CommandRunner.productsDirectory + "/notes-index"
        let explicitDatabase = arguments.first == "--db" ? [] : ["--db", runner.database]
        let result = try runner.run("/bin/sh", ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", runner.notes, tool]
                                    + explicitDatabase + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("empty"), "\(result.stderr)")
        #expect(try runner.find(["-c", "zzkept"]).stdout == "1\n")
        #expect(!FileManager.default.fileExists(atPath: runner.workingDirectory + "/home/.local/share/notes-fts/notes.sqlite"))
    }

    @Test(arguments: ["notes-index", "notes-find"])
    func anEmptyDatabasePathIsAUsageErrorNotTheDefaultIndex(tool: String) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzkept\n")
        let result = try runner.run(tool, ["--db", "", tool == "notes-index" ? runner.notes : "zzkept"])
        #expect(result.status == 2)
        #expect(result.stderr == "\(tool): --db needs a path, not an empty one (leave it out for the default index)\n")
        #expect(!FileManager.default.fileExists(atPath: runner.workingDirectory + "/home/.local/share/notes-fts/notes.sqlite"))
    }

    /// An index a newer notes-fts wrote is refused before anything is written (it was switched to WAL first,
    /// which changed its header), and an empty file is no index yet, not another program's database.
    @Test func aNewerIndexStaysByteIdenticalAndAnEmptyFileIsNoIndexYet() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# a\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let made = try runner.run("/usr/bin/python3", ["-c", """
            import sqlite3; c = sqlite3.connect('\(runner.database)'); c.execute('pragma journal_mode=delete'); c.execute('pragma user_version=99'); c.commit()
            """])
        try #require(made.status == 0, "python3 with sqlite3 is needed: \(made.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: runner.database))
        let refused = try runner.index([runner.notes])
        #expect(refused.status == 2 && refused.stderr.contains("written by a newer notes-fts"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.database)) == before)
        let empty = runner.workingDirectory + "/empty.sqlite"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let found = try runner.run("notes-find", ["--db", empty, "anything"])
        #expect(found.status == 2 && found.stderr == "notes-find: no index at \(empty); build one with `notes-index --db \(empty) FOLDER`\n", "\(found.stderr)")
    }

    /// `--list-roots` on a terminal shows a folder's control characters escaped, as notes-find shows paths
    /// (no folder name can drive the terminal); to a pipe it prints them as they are, for scripts.
    @Test func listRootsEscapesControlCharactersOnATerminalOnly() throws {
        let runner = CommandRunner()
        let folder = runner.notes + "/e\u{1B}[31mvil"
        runner.write("e\u{1B}[31mvil/a.md", "# a\n")
        #expect(try runner.index(["-q", folder]).status == 0)
        #expect(try runner.index(["--list-roots"]).stdout.hasPrefix(folder + "\t"))
        // `script` gives the command a terminal; skipped where util-linux's script is missing.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let tool = CommandRunner.productsDirectory + "/notes-index"
        let shown = try runner.run("/usr/bin/script", ["-qc", "'\(tool)' --db '\(runner.database)' --list-roots", "/dev/null"])
        #expect(shown.stdout.contains("/e\\033[31mvil\t") && !shown.stdout.contains("\u{1B}"), "\(shown.stdout)")
    }

    @Test func aNameThatIsNotUTF8IsReportedForWhatItIs() throws {
        let runner = CommandRunner()
        runner.write("ok.md", "# zzok\n")
        // `café.md` in Latin-1: the byte 0xE9 alone is not UTF-8.
        let path = (Array((runner.notes + "/caf").utf8) + [0xE9] + Array(".md\0".utf8)).map { CChar(bitPattern: $0) }
        let file = open(path, O_CREAT | O_WRONLY, 0o644)
        try #require(file >= 0)
        close(file)
        let run = try runner.index([runner.notes])
        #expect(run.status == 1)
        #expect(run.stderr.contains("its name is not valid UTF-8"), "\(run.stderr)")
        #expect(!run.stderr.contains("no such file"))
        #expect(try runner.find(["-c", "zzok"]).stdout == "1\n")
    }

    @Test func aFollowedLinkToAFolderAboveTheRootIsNotWalked() throws {
        let runner = CommandRunner()
        runner.write("root/inside.md", "# zzinside\n")
        runner.write("outside.md", "# zzoutside\n")
        #expect(symlink("..", runner.notes + "/root/up") == 0)
        let run = try runner.index(["-L", runner.notes + "/root"])
        #expect(run.stderr.contains("root/up: symbolic link loop"), "\(run.stderr)")
        #expect(try runner.find(["-c", "zzinside"]).stdout == "1\n")
        #expect(try runner.find(["-c", "zzoutside"]).stdout == "0\n")
    }

    @Test func aPageBesideJSONThatIsNoKeepNoteIsIndexedAndVerboseNamesWhatIsLeftOut() throws {
        let runner = CommandRunner()
        runner.write("minutes.html", "<html><body><h1>Minutes</h1><p>heron sighting</p></body></html>")
        runner.write("minutes.json", #"{"temperature": 21}"#)
        runner.write("trip.html", "<p>trip zzcopy</p>")
        runner.write("trip.json", #"{"color": "DEFAULT", "isTrashed": false, "textContent": "trip zzcopy", "title": "Trip"}"#)
        let run = try runner.index(["-v", runner.notes])
        #expect(run.stderr.contains("left out \(runner.notes)/trip.html: the HTML copy of trip.json"), "\(run.stderr)")
        #expect(try runner.find(["-c", "heron"]).stdout == "1\n")
        #expect(try runner.find(["-c", "zzcopy"]).stdout == "1\n")
    }

    @Test func badJSONLinesLinesAreCountedAsLinesNotAsSkippedFiles() throws {
        let runner = CommandRunner()
        runner.write("x.jsonl", "{\"title\": \"zzfirst\"}\n{bad\n{bad\n{\"title\": \"zzsecond\"}\n")
        let run = try runner.index([runner.notes])
        #expect(run.status == 1)
        #expect(run.stderr.contains("1 added, 0 updated, 0 unchanged, 0 removed, 0 skipped, 2 lines skipped; 2 notes"), "\(run.stderr)")
        #expect(run.stderr.contains("x.jsonl: malformed JSON at line 2") && !run.stderr.contains("skipped \(runner.notes)/x.jsonl"))
        #expect(try runner.find(["-c", "zzfirst OR zzsecond"]).stdout == "2\n")
    }

    @Test func checkOnAnIndexTheUserCannotWriteSaysSoInsteadOfCorruption() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzcheck\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        // Needs root to run the check as another user; skipped elsewhere.
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        // The folder theirs (so SQLite can make its side files), the index file root's: readable, not writable.
        #expect(chmod(runner.workingDirectory, 0o755) == 0 && chown(runner.workingDirectory, 65534, 65534) == 0)
        let result = try runner.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                         CommandRunner.productsDirectory + "/notes-index", "--db", runner.database, "--check"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("FTS5's integrity-check could not run") && !result.stderr.contains("--rebuild"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try runner.index(["--check"]).status == 0)
    }
}
