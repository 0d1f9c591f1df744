import Foundation
import Testing

/// Paging past the last result said nothing (or, with `--since`, blamed the notes' dates: "no notes
/// modified in that period"); it now says the offset skipped every result, and still exits 1.
@Suite struct OffsetPastTheEndCommandTests {
    @Test(arguments: [["zzpage"], ["-l", "zzpage"], ["--since", "2024"], ["--json", "zzpage"], ["--substring", "zzpag"]])
    func anOffsetPastTheEndSaysSo(arguments: [String]) throws {
        let runner = CommandRunner()
        runner.write("a.md", "---\nmodified: 2024-05-01\n---\n# zzpage one\n")
        runner.write("b.md", "---\nmodified: 2024-05-02\n---\n# zzpage two\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(["--offset", "5"] + arguments)
        #expect(result.status == 1)
        #expect(result.stderr == "notes-find: --offset 5 skips all 2 results\n")
    }

    @Test func nothingFoundAtAllKeepsItsOwnHint() throws {
        let runner = CommandRunner()
        runner.write("a.md", "---\nmodified: 2024-05-01\n---\n# zzpage one\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(["--offset", "5", "--since", "2025", "zzpage"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("notes-find: no notes modified in that period"))
    }
}
