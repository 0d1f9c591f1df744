import Foundation
import Testing

/// On a terminal whose `TERM` is `dumb` (Emacs' shell), notes-index drew its progress line anyway, and the
/// terminal showed `^M^[[Kindexing… 3 of 3 files`; the progress line is now left out there, as colour is.
@Suite struct DumbTerminalProgressTests {
    @Test func aDumbTerminalGetsNoCursorEscapes() throws {
        // `script` gives the command a terminal; skipped where util-linux's script is missing.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let runner = CommandRunner()
        for name in ["a", "b", "c"] { runner.write("\(name).md", "# \(name)\n") }
        let tool = CommandRunner.productsDirectory + "/notes-index"
        func run(term: String, database: String) throws -> CommandResult {
            try runner.run("/usr/bin/script", ["-qc", "'\(tool)' --db '\(runner.workingDirectory)/\(database)' '\(runner.notes)'",
                                               "/dev/null"], environment: ["TERM": term])
        }
        let capable = try run(term: "xterm", database: "xterm.sqlite")
        try #require(capable.stdout.contains("\u{1B}[K"), "a terminal that can draw it shows the progress line")
        let dumb = try run(term: "dumb", database: "dumb.sqlite")
        #expect(dumb.status == 0)
        #expect(dumb.stdout.contains("3 files seen"), "\(dumb.stdout)")
        #expect(!dumb.stdout.contains("\u{1B}"), "\(dumb.stdout.debugDescription)")
    }
}
