import Foundation
import Testing

/// notes-find prints one kind of output: options that would silently override each other are a usage error
/// naming both (exit 2, one line), and the combinations that mean something still work.
@Suite struct FindOutputOptionsTests {
    private func indexedRunner() throws -> CommandRunner {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        return runner
    }

    @Test(arguments: [
        (["--json", "-c"], "--json and -c exclude each other; choose one"),
        (["--count", "--json"], "--json and -c exclude each other"),
        (["--json", "-l"], "--json and -l exclude each other"),
        (["-l", "-c"], "-l and -c exclude each other"),
        (["-lc"], "-l and -c exclude each other"),
        (["--files-with-matches", "--count"], "-l and -c exclude each other"),
        (["--json", "-l", "-c"], "--json and -l exclude each other"),
        (["-0"], "-0 ends the paths of -l with NUL; add -l, or leave out -0"),
        (["--null", "--json"], "-0 ends the paths of -l"),
        (["-0", "-c"], "-0 ends the paths of -l"),
        (["--open", "-c"], "-c and --open exclude each other"),
        (["--open", "-l"], "-l and --open exclude each other"),
        (["--json", "--open"], "--json and --open exclude each other"),
        (["--open", "2", "-l"], "-l and --open exclude each other"),
    ])
    func conflictingOutputsAreAUsageError(options: [String], message: String) throws {
        let runner = try indexedRunner()
        let result = try runner.find(options + ["deploy"], environment: ["EDITOR": "true"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("notes-find: " + message))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        (["-l", "-0"], "notes/work/deploy.md\u{0}notes/work/weekly.md\u{0}"),
        (["-l0"], "notes/work/deploy.md\u{0}notes/work/weekly.md\u{0}"),
        (["-l", "--sort", "title", "-n", "1"], "notes/work/deploy.md\n"),
        (["-c", "--explain"], "2\n"),
        (["-c", "--since", "2000-01-01"], "0\n"),
    ])
    func meaningfulCombinationsStillWork(options: [String], stdout: String) throws {
        let runner = try indexedRunner()
        let result = try runner.find(options + ["deploy"])
        #expect(result.stdout == stdout)
        #expect(result.status == (stdout == "0\n" ? 1 : 0))
    }

    @Test func jsonWithALimitAndOpenWithAnOffset() throws {
        let runner = try indexedRunner()
        let json = try runner.find(["--json", "-n", "1", "deploy"])
        #expect(json.status == 0 && json.stdout.split(separator: "\n").count == 2)
        #expect(json.stdout.contains(#"{"type":"summary","total":2,"returned":1"#))
        let open = try runner.find(["--open", "--offset", "1", "--exact", "deploy"], environment: ["EDITOR": "true"])
        #expect(open.status == 0 && open.stderr == "notes-find: true \(runner.notes)/work/weekly.md\n")
    }
}
