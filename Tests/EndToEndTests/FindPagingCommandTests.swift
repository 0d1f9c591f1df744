import Foundation
import Testing

/// notes-find with offsets up to `Int.max`: a page past every match is empty (exit 1), on every output and
/// every search path, and `--open` past them says there is nothing to open; none traps on `offset + limit`.
@Suite struct FindPagingCommandTests {
    private func indexedRunner() throws -> CommandRunner {
        let runner = CommandRunner()
        runner.write("a.md", "# keep\n\nkeep the receipts\n")
        runner.write("b.md", "# other\n\nkeep going\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        return runner
    }

    @Test(arguments: [
        ["--offset", "9223372036854775788", "keep"],
        ["--offset", "9223372036854775807", "keep"],
        ["--offset", "9223372036854775807", "-n", "9223372036854775807", "keep"],
        ["--offset", "9223372036854775788", "\"keep the\""],
        ["--offset", "9223372036854775788", "xylophone"],
        ["--offset", "9223372036854775788", "keep", "path:a.md"],
        ["--offset", "9223372036854775788", "--sort", "modified", "keep"],
        ["--json", "--offset", "9223372036854775788", "keep"],
        ["-l", "--offset", "9223372036854775788", "keep"],
        ["-l", "-n", "9223372036854775807", "--offset", "9223372036854775807", "keep"],
        ["--substring", "kee", "--offset", "9223372036854775788"],
        ["--substring", "keep", "--offset", "9223372036854775807", "-n", "9223372036854775807"],
    ])
    func hugeOffsetsFindNothing(arguments: [String]) throws {
        let runner = try indexedRunner()
        let result = try runner.find(["--color", "never"] + arguments)
        #expect(result.status == 1, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("overflow") && !result.stderr.contains("Backtrace"))
        if arguments.contains("--json") {
            #expect(result.stdout.hasPrefix("{\"type\":\"summary\",\"total\":2,\"returned\":0,"))
        } else {
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func openPastEveryMatchHasNothingToOpen() throws {
        let runner = try indexedRunner()
        let result = try runner.find(["--open", "2", "--offset", "9223372036854775807", "keep"], environment: ["EDITOR": "true"])
        #expect(result.status == 1)
        #expect(result.stderr == "notes-find: --open 2: only 2 results for 'keep'\n")
        let last = try runner.find(["--open", "9223372036854775807", "--offset", "1", "keep"], environment: ["EDITOR": "true"])
        #expect(last.status == 1 && last.stderr.hasPrefix("notes-find: --open 9223372036854775807: only 2 results"))
    }

    @Test func aHugeLimitListsEveryMatch() throws {
        let runner = try indexedRunner()
        let result = try runner.find(["-l", "--sort", "rank", "-n", "9223372036854775807", "--offset", "1", "keep"])
        #expect(result.status == 0 && result.stdout.split(separator: "\n").count == 1)
    }
}
