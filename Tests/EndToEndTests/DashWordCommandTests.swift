import Foundation
import Testing

/// After the query, an exclusion whose word starts with the letter of an option taking a value was read as
/// that option: `notes-find deploy -nightly` failed with "--limit takes a whole number of at least 1, not
/// 'ightly'". It excludes `nightly`, as `deploy -draft` excludes `draft`.
@Suite struct DashWordCommandTests {
    @Test func anExclusionStartingWithN() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzdash nightly build\n")
        runner.write("b.md", "# zzdash release\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(["-l", "zzdash", "-nightly"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "notes/b.md\n")
        #expect(try runner.find(["-l", "zzdash", "-n1"]).stdout.split(separator: "\n").count == 1)
    }
}
