import Foundation
import Testing

/// A query the parser read otherwise than typed (an operator without its terms, ignored) found nothing
/// without a word why, unless `--explain` was given; now, when it finds nothing, stderr says how it was read,
/// in one line (unless it names the nearest indexed words instead). A query that finds notes prints nothing
/// extra. (A date filter it cannot read is an error of its own: `QueryDateFilterCommandTests`.)
@Suite struct QueryNotesCommandTests {
    @Test(arguments: [(["zzread", "-zzread", "OR"], "OR"), (["-c", "AND", "zzread", "-zzread"], "AND"),
                      (["-l", "zzread", "-zzread", "NOT"], "NOT")])
    func anIgnoredOperatorIsNamedWhenNothingIsFound(arguments: [String], ignored: String) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzread\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("notes-find: ignored `\(ignored)` without a term"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func aQueryThatFindsNotesSaysNothingMore() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzread\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(["-c", "\"zzread"])
        #expect(result.status == 0 && result.stdout == "1\n" && result.stderr.isEmpty, "\(result.stderr)")
    }
}
