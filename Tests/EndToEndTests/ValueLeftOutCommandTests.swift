import Foundation
import Testing

/// An option's value left out took the next option for it: `notes-index --db --check notes` created an index
/// file named `--check` and indexed into it; `notes-index --forget --list-roots` looked for notes at
/// `./--list-roots`. Now that is a usage error (exit 2) naming both, and nothing is created.
@Suite struct ValueLeftOutCommandTests {
    @Test(arguments: [
        ("notes-index", ["--db", "--check", "notes"], "option --db needs a value (--db PATH), not the option --check (for a value of that name, write --db=--check)"),
        ("notes-index", ["--forget", "--list-roots"], "option --forget needs a value (--forget PATH), not the option --list-roots (for a value of that name, write --forget=--list-roots)"),
        ("notes-find", ["--db", "--json", "zzleft"], "option --db needs a value (--db PATH), not the option --json (for a value of that name, write --db=--json)"),
    ])
    func theNextOptionIsNotTheValue(tool: String, arguments: [String], message: String) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzleft\n")
        let result = try runner.run(tool, arguments)
        #expect(result.status == 2)
        #expect(result.stderr == "\(tool): \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: runner.workingDirectory + "/" + arguments[1]))
    }
}
