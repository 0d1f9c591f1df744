import Foundation
import Testing

/// Hostile input for the executables: special files, foreign databases, a full disk, a locked index, an
/// index in a folder the user cannot write, deep queries and control characters. Every case exits 0, 1 or
/// 2 with one line saying what to do, and never shows SQL.
@Suite struct HostileInputCommandTests {
    /// Whether stderr is one line that names no SQL.
    static func isOneCleanLine(_ stderr: String) -> Bool {
        let lines = stderr.split(separator: "\n")
        let upper = stderr.uppercased()
        return lines.count == 1 && !["SELECT ", "INSERT ", "BEGIN", "PRAGMA", "(IN:", "FTS5:"].contains { upper.contains($0) }
    }

    @Test func specialFilesAreRefusedByName() throws {
        let runner = CommandRunner()
        runner.write("ok.md", "hello deploy\n")
        let fifo = runner.workingDirectory + "/pipe.md"
        #expect(mkfifo(fifo, 0o644) == 0)
        let paths = try runner.index([fifo, "/dev/zero", runner.notes])
        #expect(paths.status == 1)
        #expect(paths.stderr.contains("skipped \(fifo): a FIFO"))
        #expect(paths.stderr.contains("skipped /dev/zero: a device"))
        for (tool, database) in [("notes-index", "/dev/null"), ("notes-index", "/dev/zero"), ("notes-find", "/dev/zero"),
                                 ("notes-find", fifo)] {
            let result = try runner.run(tool, ["--db", database, tool == "notes-index" ? runner.notes : "deploy"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("\(database) is not a readable SQLite database (it is a"))
            #expect(Self.isOneCleanLine(result.stderr))
        }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
    }

    @Test(arguments: [0, 1, 2, 7])
    func foreignDatabasesAreRefusedAndLeftByteIdentical(userVersion: Int) throws {
        let runner = CommandRunner()
        runner.write("ok.md", "hello deploy\n")
        let foreign = runner.workingDirectory + "/other-app.db"
        let made = try runner.run("/usr/bin/python3", ["-c", """
            import sqlite3; c = sqlite3.connect('\(foreign)'); c.execute('create table notes(id, body)')
            c.execute("insert into notes values (1, 'deploy')"); c.execute('pragma user_version=\(userVersion)'); c.commit()
            """])
        try #require(made.status == 0, "python3 with sqlite3 is needed: \(made.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: foreign))
        for (tool, argument) in [("notes-index", runner.notes), ("notes-find", "deploy")] {
            let result = try runner.run(tool, ["--db", foreign, argument])
            #expect(result.status == 2)
            #expect(result.stderr.contains("is an SQLite database but not a notes-fts index"))
            #expect(Self.isOneCleanLine(result.stderr))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: foreign)) == before)
    }

    @Test func aFullDiskGivesOneLineAndLeavesNoWAL() throws {
        let runner = CommandRunner()
        let mount = runner.workingDirectory + "/small-disk"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        // A 1 MB tmpfs; skipped where this process may not mount one (not root, or in a restricted container).
        guard getuid() == 0, try runner.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount]).status == 0 else {
            return
        }
        defer { _ = try? runner.run("/bin/umount", [mount]) }
        var generator = SystemRandomNumberGenerator()
        for file in 0..<60 {
            let words = (0..<2_000).map { _ in String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 36) }
            runner.write("n\(file).txt", words.joined(separator: " "))
        }
        let result = try runner.run("notes-index", ["--db", mount + "/index.sqlite", runner.notes])
        #expect(result.status == 2)
        #expect(result.stderr.contains("the disk is full; free some space"))
        #expect(Self.isOneCleanLine(result.stderr))
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount).filter { $0.hasSuffix("-wal") }.isEmpty)
    }

    @Test func anIndexInAFolderTheUserCannotWriteIsSearchable() throws {
        // As a real non-root user; skipped where this process cannot become one.
        guard let result = try UnprivilegedUser.find(CommandRunner(), ["-l", "deploy"], indexMode: 0o644) else { return }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "notes/ok.md\n")
    }

    @Test func deepQueriesGiveTheNestingMessageAndNoSignal() throws {
        let runner = CommandRunner()
        runner.write("ok.md", "hello deploy\n")
        #expect(try runner.index([runner.notes]).status == 0)
        let deep = String(repeating: "(", count: 60_000) + "deploy" + String(repeating: ")", count: 60_000)
        let refused = try runner.find([deep])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("nests brackets or NOT more than 20 levels deep"))
        let groups = (0..<40).reduce("deploy") { inner, _ in "(deploy OR \(inner))" }
        let grouped = try runner.find([groups])
        #expect(grouped.status == 0 || grouped.stderr.contains("levels deep"))
        #expect(!grouped.stderr.contains("fts5"))
        #expect(try runner.find(["_"]).status == 2)
    }

    /// Whole processes: a smaller seeded share of the fuzz (``HostileQueryFuzzTests`` runs 2,000 in process).
    @Test func hostileQueriesAsWholeProcessesExitCleanly() throws {
        let runner = CommandRunner()
        runner.write("ok.md", "hello deploy\n")
        #expect(try runner.index([runner.notes]).status == 0)
        let pieces = ["(", ")", "NOT ", " OR ", "\"", "*", "-", "deploy", "title:", "\u{1B}[2J", "\u{9B}", "\u{7F}",
                      "\u{2}", "국회", "😀", " "]
        var state: UInt64 = 2_026
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var queries = (0..<24).map { _ in (0..<(1 + next() % 10)).map { _ in pieces[next() % pieces.count] }.joined() }
        queries.append(String(repeating: "deploy \u{1B}[31m(", count: 8_000))
        queries.append(String(repeating: "NOT ", count: 30_000) + "deploy")
        for query in queries {
            let result = try runner.find(["--", query])
            #expect([0, 1, 2].contains(result.status), "\(query.debugDescription.prefix(200))")
            #expect(!result.stderr.lowercased().contains("sqlite") && !result.stderr.contains("fts5"))
            #expect(result.stderr.split(separator: "\n").count <= 1)
            #expect(!(result.stdout + result.stderr).unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
        }
    }
}
