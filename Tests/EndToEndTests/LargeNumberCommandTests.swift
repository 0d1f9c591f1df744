import Foundation
import Testing

/// A number too large for the tools was refused as if it were not a number or too small ("--limit takes a
/// whole number of at least 1, not '99999999999999999999'"), and `--open`'s was searched for as a query
/// word ("no notes found for '99999999999999999999 deploy'"); both now say the range.
@Suite struct LargeNumberCommandTests {
    @Test(arguments: [
        (["-n", "99999999999999999999", "zzbig"], "--limit takes a whole number from 1 to 9223372036854775807, not '99999999999999999999'"),
        (["--offset", "99999999999999999999", "zzbig"], "--offset takes a whole number from 0 to 9223372036854775807, not '99999999999999999999'"),
        (["--open", "99999999999999999999", "zzbig"], "--open takes a result number from 1 to 9223372036854775807, not '99999999999999999999'"),
        (["-n", "-1", "zzbig"], "--limit takes a whole number of at least 1, not '-1'"),
    ])
    func aTooLargeNumberIsSaidToBeOne(arguments: [String], message: String) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzbig\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(arguments, environment: ["EDITOR": "true"])
        #expect(result.status == 2)
        #expect(result.stderr == "notes-find: \(message)\n")
    }

    /// `-n=2` read `=2` as the number and refused it (`not '=2'`); it is `-n 2`, as `--limit=2` is.
    @Test func aShortNumberMayFollowAnEqualsSign() throws {
        let runner = CommandRunner()
        for name in ["a", "b", "c"] { runner.write("\(name).md", "# zzbig \(name)\n") }
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(["-l", "-n=2", "zzbig"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 2)
    }
}
