import Foundation
import Testing

/// `--since` later than `--until` selected no date at all, yet ran, exited 1 and blamed the notes' dates
/// ("no notes modified in that period; …"); it is a usage error naming both values. A range of one day or
/// one relative instant still runs.
@Suite struct EmptyDateRangeCommandTests {
    @Test(arguments: [["--since", "2025", "--until", "2024"], ["--since", "7d", "--until", "2020-06"],
                      ["--until", "2w", "--since", "1d"]])
    func aRangeThatEndsBeforeItStartsIsAUsageError(arguments: [String]) throws {
        let runner = CommandRunner()
        runner.write("a.md", "---\nmodified: 2024-05-01\n---\n# zzdated\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(arguments + ["zzdated"])
        let since = arguments[arguments.firstIndex(of: "--since")! + 1]
        let until = arguments[arguments.firstIndex(of: "--until")! + 1]
        #expect(result.status == 2)
        #expect(result.stderr == "notes-find: --since \(since) is after --until \(until): no date is in both; swap them\n")
    }

    @Test(arguments: [["--since", "2024-05-01", "--until", "2024-05-01"], ["--since", "2024", "--until", "2024-05"]])
    func aRangeOfOnePeriodStillFinds(arguments: [String]) throws {
        let runner = CommandRunner()
        runner.write("a.md", "---\nmodified: 2024-05-01\n---\n# zzdated\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(["-c"] + arguments + ["zzdated"])
        #expect(result.status == 0 && result.stdout == "1\n", "\(result.stderr)")
    }
}
