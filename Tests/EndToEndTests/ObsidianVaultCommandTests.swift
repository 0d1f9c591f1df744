import Foundation
import Testing

/// A folder indexed before it became an Obsidian vault gets the titles a fresh build of the vault gives, on the
/// next run and on a `--rebuild` run naming it (a reviewer's finding: they kept their first lines for good).
@Suite struct ObsidianVaultCommandTests {
    @Test(arguments: [[], ["--rebuild"]])
    func aFolderThatBecomesAVaultIsRetitled(options: [String]) throws {
        let runner = CommandRunner()
        runner.write("Alpha note.md", "first line of a\n")
        runner.write("Beta note.md", "first line of b\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        #expect(try runner.find(["-c", "title:alpha OR title:beta"]).stdout == "0\n")
        try FileManager.default.createDirectory(atPath: runner.notes + "/.obsidian", withIntermediateDirectories: true)
        let run = try runner.index(options + [runner.notes])
        #expect(run.status == 0 && run.stderr.contains("2 read: 0 added, 2 updated"), "\(run.stderr)")
        #expect(try runner.find(["-c", "title:alpha OR title:beta"]).stdout == "2\n")
        #expect(try runner.index([runner.notes]).stderr.contains("0 read: 0 added, 0 updated, 2 unchanged"))
    }
}
