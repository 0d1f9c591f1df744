import Foundation
import Testing

/// Run from a folder deleted after the shell entered it, notes-find showed every path relative to `/`
/// (`tmp/…/notes/a.md`, which names nothing from there); it shows them absolute.
@Suite struct DeletedFolderCommandTests {
    @Test(arguments: [["-l"], []])
    func pathsAreAbsoluteWhenTheCurrentFolderIsGone(arguments: [String]) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzgone\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let tool = CommandRunner.productsDirectory + "/notes-find"
        let script = "mkdir gone && cd gone && rmdir ../gone && exec \"$@\""
        let result = try runner.run("/bin/sh", ["-c", script, "sh", tool, "--db", runner.database] + arguments + ["zzgone"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(runner.notes + "/a.md"), "\(result.stdout)")
    }
}
