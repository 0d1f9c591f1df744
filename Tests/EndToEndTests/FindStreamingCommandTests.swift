import Foundation
import Testing

/// `notes-find -l`, `-c` and `--json` as they stream: `-l` alone lists each matching file once in path order
/// (as `--sort path` does), `--sort rank` and `-n` keep the ranked order; counts, filters, exclusions and
/// word forms agree across the modes.
@Suite struct FindStreamingCommandTests {
    private func indexedRunner() throws -> CommandRunner {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        runner.write("work/meetings.md", "# Meetings\n\nToo many meetings, and a deploy on Wednesday.\n")
        runner.write("archive/zz-deploy.md", "# Old deploy\n\ndeploy deploy deploy, a draft.\n")
        runner.write("b/deploy-notes.md", "# Deploy notes\n\nA deploy meeting.\n")
        runner.write("exports/many.jsonl", """
            {"title": "One", "text": "deploy the first"}
            {"title": "Two", "text": "deploy the second, at the meeting"}
            {"title": "Three", "text": "nothing here"}

            """)
        #expect(try runner.index([runner.notes]).status == 0)
        return runner
    }

    private func lines(_ result: CommandResult, separator: Character = "\n") -> [String] {
        result.stdout.split(separator: separator, omittingEmptySubsequences: true).map(String.init)
    }

    private func byteOrder(_ paths: [String]) -> [String] {
        paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    @Test func pathsAloneAreTheRankedPathsInPathOrderEachOnce() throws {
        let runner = try indexedRunner()
        let listed = try runner.find(["-l", "deploy"])
        let ranked = try runner.find(["-l", "--sort", "rank", "deploy"])
        #expect(listed.status == 0 && ranked.status == 0 && listed.stderr.isEmpty)
        #expect(lines(listed) == byteOrder(lines(ranked)))
        #expect(lines(listed) == ["notes/archive/zz-deploy.md", "notes/b/deploy-notes.md", "notes/exports/many.jsonl",
                                  "notes/work/deploy.md", "notes/work/meetings.md", "notes/work/weekly.md"])
        #expect(lines(listed) == lines(try runner.find(["-l", "--sort", "path", "deploy"])))
        // The ranked order is kept: title matches first.
        #expect(Array(lines(ranked).prefix(3)) == ["notes/b/deploy-notes.md", "notes/archive/zz-deploy.md", "notes/work/deploy.md"])
        #expect(lines(try runner.find(["-l", "-n", "2", "deploy"])) == Array(lines(ranked).prefix(2)))
        let nul = try runner.find(["-l", "-0", "deploy"])
        #expect(nul.stdout == lines(listed).map { $0 + "\u{0}" }.joined())
    }

    @Test func countEqualsTheNotesTheOtherModesFind() throws {
        let runner = try indexedRunner()
        let count = try runner.find(["-c", "deploy"])
        #expect(count.stdout == "7\n" && count.status == 0)
        let json = try runner.find(["--json", "-n", "100", "deploy"])
        let objects = try json.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.filter { $0["type"] as? String == "result" }.count == 7)
        #expect(objects.last?["total"] as? Int == 7 && objects.last?["returned"] as? Int == 7)
        // A full page: the total is counted, not the page.
        let page = try runner.find(["--json", "-n", "3", "deploy"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(lines(page).last!.utf8)) as? [String: Any])
        #expect(summary["total"] as? Int == 7 && summary["returned"] as? Int == 3)
        let beyond = try runner.find(["--json", "--offset", "20", "deploy"])
        #expect(beyond.status == 1 && beyond.stdout.contains(#""total":7,"returned":0"#))
    }

    @Test func exclusionsFiltersAndWordFormsApplyToTheListing() throws {
        let runner = try indexedRunner()
        #expect(lines(try runner.find(["-l", "deploy -draft"])) == ["notes/b/deploy-notes.md", "notes/exports/many.jsonl",
                                                                     "notes/work/deploy.md", "notes/work/meetings.md",
                                                                     "notes/work/weekly.md"])
        #expect(lines(try runner.find(["-l", "deploy path:work/"])) == ["notes/work/deploy.md", "notes/work/meetings.md",
                                                                         "notes/work/weekly.md"])
        #expect(try runner.find(["-l", "--since", "2000-01-01", "deploy"]).status == 1)
        // "meeting" also finds "meetings" unless --exact.
        let forms = lines(try runner.find(["-l", "meeting"]))
        #expect(forms == ["notes/b/deploy-notes.md", "notes/exports/many.jsonl", "notes/work/meetings.md", "notes/work/weekly.md"])
        #expect(lines(try runner.find(["-l", "--exact", "meetings"])) == ["notes/work/meetings.md"])
        #expect(try runner.find(["-c", "meeting"]).stdout == "4\n")
    }

    @Test func explainSaysTheListingIsInPathOrder() throws {
        let runner = try indexedRunner()
        let explain = try runner.find(["-l", "--explain", "deploy"])
        #expect(explain.stderr.contains("order:   path\n"))
        #expect(try runner.find(["-l", "--explain", "-n", "3", "deploy"]).stderr.contains("order:   rank\n"))
    }
}
