import Foundation
import Testing

/// Run from a folder deleted after the shell entered it, notes-index took `.` for `/`: `--forget .` forgot
/// every note in the index, and `notes-index .` walked the whole file system (not run here: without the fix
/// it would walk it again). A relative path there is now an error (exit 2) and nothing is touched; an
/// absolute one still works.
@Suite struct DeletedFolderIndexTests {
    private func runInDeletedFolder(_ runner: CommandRunner, _ arguments: [String]) throws -> CommandResult {
        let tool = CommandRunner.productsDirectory + "/notes-index"
        let script = "mkdir gone && cd gone && rmdir ../gone && exec \"$@\""
        return try runner.run("/bin/sh", ["-c", script, "sh", tool, "--db", runner.database] + arguments)
    }

    @Test(arguments: [["--forget", "."], ["--forget", "sub"], ["sub"], ["-q", "--forget", "x", "--list-roots"]])
    func aRelativePathIsRefusedAndNothingIsForgotten(arguments: [String]) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzkept\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runInDeletedFolder(runner, arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("notes-index: the current folder no longer exists"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try runner.find(["-c", "zzkept"]).stdout == "1\n")
    }

    @Test func anAbsolutePathStillWorks() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzkept\n")
        let result = try runInDeletedFolder(runner, ["-q", runner.notes])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try runner.find(["-c", "zzkept"]).stdout == "1\n")
    }
}
