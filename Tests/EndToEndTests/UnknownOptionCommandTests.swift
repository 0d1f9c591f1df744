import Foundation
import Testing

/// An unknown option names itself and says how to give an argument that starts with '-', in the words of
/// each tool: query text for notes-find, a file or folder for notes-index (and `--` does that for both).
@Suite struct UnknownOptionCommandTests {
    @Test(arguments: [
        ("notes-find", ["--frobnicate", "deploy"], "unknown option --frobnicate; see --help (to search for text that starts with '-', put it after --)"),
        ("notes-find", ["-draft"], "unknown option -draft; see --help (to search for text that starts with '-', put it after --)"),
        ("notes-index", ["--frobnicate", "notes"], "unknown option --frobnicate; see --help (for a file or folder whose name starts with '-', put it after --)"),
        ("notes-index", ["-drafts"], "unknown option -drafts; see --help (for a file or folder whose name starts with '-', put it after --)"),
        ("notes-index", ["-qz", "notes"], "unknown option -qz; see --help (for a file or folder whose name starts with '-', put it after --)"),
        ("notes-find", ["--limt", "3", "deploy"], "unknown option --limt (did you mean --limit?); see --help (to search for text that starts with '-', put it after --)"),
        ("notes-find", ["-json", "deploy"], "unknown option -json (did you mean --json?); see --help (to search for text that starts with '-', put it after --)"),
        ("notes-index", ["--chekc"], "unknown option --chekc (did you mean --check?); see --help (for a file or folder whose name starts with '-', put it after --)"),
    ])
    func theHintFitsTheTool(tool: String, arguments: [String], message: String) throws {
        let runner = CommandRunner()
        let result = try runner.run(tool, ["--db", runner.database] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr == "\(tool): \(message)\n")
    }

    /// What the hints say works: a folder named `-drafts` is indexed after `--`, and `-draft` searched for.
    @Test func afterDoubleDashBothToolsTakeADashName() throws {
        let runner = CommandRunner()
        let folder = runner.workingDirectory + "/-drafts"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder + "/a.md", contents: Data("# plan\n\nthe -draft plan\n".utf8)))
        let indexed = try runner.run("notes-index", ["--db", runner.database, "-q", "--", "-drafts"])
        #expect(indexed.status == 0 && indexed.stderr.isEmpty)
        let found = try runner.find(["-l", "--", "plan"])
        #expect(found.status == 0 && found.stdout == "-drafts/a.md\n")
    }
}
