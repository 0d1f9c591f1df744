import Foundation
import Testing

/// A query the parser read otherwise than typed (a date filter it cannot read, searched as text) found
/// nothing without a word why, unless `--explain` was given; now, when it finds nothing, stderr says how it
/// was read, in one line (unless it names the nearest indexed words instead). A query that finds notes
/// prints nothing extra.
@Suite struct QueryNotesCommandTests {
    @Test(arguments: [["created:someday", "zzread"], ["-c", "zzread", "modified:>=2024-13"], ["-l", "created:someday"]])
    func aFilterReadAsTextIsNamedWhenNothingIsFound(arguments: [String]) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzread\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(arguments)
        #expect(result.status == 1)
        let filter = arguments.first { $0.contains(":") }!
        let field = filter.prefix { $0 != ":" }
        #expect(result.stderr.hasPrefix("notes-find: `\(filter)` is not a date filter this parser reads (try \(field):>=2024-01-31"), "\(result.stderr)")
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
