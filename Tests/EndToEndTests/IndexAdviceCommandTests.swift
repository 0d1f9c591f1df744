import Foundation
import Testing

/// The commands an error suggests can be pasted: a path that needs it is shell-quoted, the default index is
/// named by no --db at all, and an index chosen through NOTES_DB is blamed on NOTES_DB, not on --db.
@Suite struct IndexAdviceCommandTests {
    /// A missing index named with --db: the suggested command quotes the path as a shell word.
    @Test(arguments: [
        ("with space.sqlite", "notes-index --db './with space.sqlite' FOLDER"),
        ("it's.sqlite", "notes-index --db './it'\"'\"'s.sqlite' FOLDER"),
        ("plain.sqlite", "notes-index --db ./plain.sqlite FOLDER"),
    ])
    func aMissingIndexSuggestsACommandThatPastes(name: String, suggested: String) throws {
        let runner = CommandRunner()
        let result = try runner.run("notes-find", ["--db", name, "deploy"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("build one with `\(suggested)`"), "\(result.stderr)")
    }

    @Test func theDefaultIndexIsNamedWithoutDb() throws {
        let runner = CommandRunner()
        let result = try runner.run("notes-find", ["deploy"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("build one with `notes-index FOLDER`"), "\(result.stderr)")
    }

    @Test func anIndexChosenThroughNotesDbIsBlamedOnNotesDb() throws {
        let runner = CommandRunner()
        runner.write("plain.txt", "not a database at all, just text that is long enough to be read as a header")
        let path = runner.notes + "/plain.txt"
        for program in ["notes-find", "notes-index"] {
            let result = try runner.run(program, program == "notes-find" ? ["deploy"] : [runner.notes],
                                        environment: ["NOTES_DB": path])
            #expect(result.status == 2)
            #expect(result.stderr.contains("NOTES_DB"), "\(program): \(result.stderr)")
            #expect(!result.stderr.contains("choose another --db path"), "\(program): \(result.stderr)")
        }
    }

    /// An index of an older schema opened by notes-find: the upgrade command quotes the path, and names
    /// the default index without --db.
    @Test func theUpgradeAdviceQuotesThePath() throws {
        let runner = CommandRunner()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/schema-v1.sqlite").path
        let path = runner.workingDirectory + "/my notes.sqlite"
        try FileManager.default.copyItem(atPath: fixture, toPath: path)
        let result = try runner.run("notes-find", ["--db", path, "deploy"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("run `notes-index --db '\(path)' --check`"), "\(result.stderr)")
        let home = runner.workingDirectory + "/home/.local/share/notes-fts"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture, toPath: home + "/notes.sqlite")
        let byDefault = try runner.run("notes-find", ["deploy"])
        #expect(byDefault.status == 2)
        #expect(byDefault.stderr.contains("run `notes-index --check`"), "\(byDefault.stderr)")
    }

    /// `--forget` of a folder the index does not hold, and `--list-roots` of an empty index: the suggested
    /// commands name the same index.
    @Test func theRootsAdviceNamesTheSameIndex() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# a\n")
        let path = runner.workingDirectory + "/my notes.sqlite"
        #expect(try runner.run("notes-index", ["--db", path, "-q", runner.notes]).status == 0)
        let forgot = try runner.run("notes-index", ["--db", path, "--forget", runner.workingDirectory + "/elsewhere"])
        #expect(forgot.stderr.contains("see `notes-index --db '\(path)' --list-roots`"), "\(forgot.stderr)")
        #expect(try runner.run("notes-index", ["--db", path, "-q", "--forget", runner.notes]).status == 0)
        let listed = try runner.run("notes-index", ["--list-roots"], environment: ["NOTES_DB": path])
        #expect(listed.stderr.contains("e.g. `notes-index --db '\(path)' ~/notes`"), "\(listed.stderr)")
    }

    /// An index the user may not read is said to be so, not blamed on a missing folder (as a real
    /// non-root user; skipped where this process cannot become one).
    @Test func anUnreadableIndexIsSaidToBeUnreadable() throws {
        guard let result = try UnprivilegedUser.find(CommandRunner(), ["deploy"], indexMode: 0o600) else { return }
        #expect(result.status == 2)
        #expect(result.stderr.contains("permission denied"), "\(result.stderr)")
        #expect(!result.stderr.contains("folder exists"), "\(result.stderr)")
    }
}
