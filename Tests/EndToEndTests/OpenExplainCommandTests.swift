import Foundation
import Testing

/// `--open --explain` buffered the explanation for stdout, so it appeared only after the editor had exited
/// (under a terminal editor, once you had closed it); it goes to stderr before the editor runs, as with
/// the other outputs that are not a list of results.
@Suite struct OpenExplainCommandTests {
    @Test func theExplanationComesBeforeTheEditor() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzopen\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(["--open", "--explain", "zzopen"], environment: ["EDITOR": "true"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("query:") == true && lines.last?.hasPrefix("notes-find: true ") == true, "\(result.stderr)")
    }
}
