import Foundation
import Testing

@Suite struct NotesFindCommandTests {
    private func indexedRunner() throws -> CommandRunner {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        #expect(try runner.index([runner.notes]).status == 0)
        return runner
    }

    @Test func humanOutputShowsPathLineTitleAndSnippet() throws {
        let runner = try indexedRunner()
        let result = try runner.find(["--color", "never", "production"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("notes/work/deploy.md:4  Deploy checklist\n"))
        #expect(result.stdout.contains("production"))
        #expect(!result.stdout.contains("\u{1B}["))
        let colored = try runner.find(["--color", "always", "production"])
        #expect(colored.stdout.contains("\u{1B}[1;31mproduction\u{1B}[0m"))
        let noColor = try runner.find(["production"], environment: ["NO_COLOR": "1"])
        #expect(!noColor.stdout.contains("\u{1B}["))
    }

    @Test func jsonLinesParseAndCarryTheDocumentedFields() throws {
        let runner = try indexedRunner()
        let result = try runner.find(["--json", "deploy"])
        #expect(result.status == 0)
        let objects = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let results = objects.filter { $0["type"] as? String == "result" }
        #expect(results.count == 2)
        for object in results {
            for field in ["id", "path", "line", "title", "score", "snippet", "highlights", "tags", "created", "modified"] {
                #expect(object[field] != nil, "missing \(field)")
            }
            #expect((object["snippet"] as? String)?.lowercased().contains("<mark>deploy</mark>") == true)
        }
        // Title match above body-only match.
        #expect(results.first?["title"] as? String == "Deploy checklist")
        let scores = results.compactMap { $0["score"] as? Double }
        #expect(scores == scores.sorted(by: >))
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["total"] as? Int == 2 && summary["returned"] as? Int == 2)
    }

    @Test func filesWithMatchesCountAndExplain() throws {
        let runner = try indexedRunner()
        let paths = try runner.find(["-l", "deploy"])
        #expect(paths.stdout == "notes/work/deploy.md\nnotes/work/weekly.md\n")
        let nul = try runner.find(["-l", "-0", "deploy"])
        #expect(nul.stdout == "notes/work/deploy.md\u{0}notes/work/weekly.md\u{0}")
        let count = try runner.find(["-c", "deploy"])
        #expect(count.stdout == "2\n" && count.status == 0)
        let zero = try runner.find(["-c", "nothingmatches"])
        #expect(zero.stdout == "0\n" && zero.status == 1)
        let explain = try runner.find(["--explain", "title:meeting -draft \"next week\""])
        #expect(explain.stdout.contains(#"match:   ((title : "meeting" AND "next week") NOT "draft")"#))
    }

    @Test func noResultsExitsOneWithEmptyOutput() throws {
        let runner = try indexedRunner()
        let result = try runner.find(["xylophone"])
        #expect(result.status == 1 && result.stdout.isEmpty && result.stderr.isEmpty)
    }

    @Test(arguments: ["AND", "OR", "NOT", "\"unbalanced", "well-known", "a.b", "http://x.y", "e-mail", "c++", "*", "(",
                      "title:", "NEAR(a b)", "100%", "#tag", "it's", "😀"])
    func hostileQueriesNeverError(query: String) throws {
        let runner = try indexedRunner()
        let result = try runner.find([query])
        // A query with no letters or digits is an error (exit 2) that says so; any other finds or not.
        let isEmpty = ["*", "(", "😀"].contains(query)
        #expect(isEmpty ? result.status == 2 && result.stderr.contains("nothing to search for")
                        : result.status == 0 || result.status == 1)
        #expect(!result.stderr.lowercased().contains("sqlite"))
        #expect(!result.stderr.lowercased().contains("fts5"))
    }

    @Test(arguments: [
        ([""], "empty query"),
        (["   "], "empty query"),
        (["-draft"], "unknown option -draft"),
        (["--", "-draft"], "only excludes words"),
        (["--sort", "size", "x"], "--sort takes rank, modified, created, title or path, not 'size'"),
        (["-n", "ten", "x"], "--limit takes a whole number of at least 1, not 'ten'"),
        (["--since", "someday", "x"], "--since takes a date like"),
        (["--color", "blue", "x"], "--color takes auto, always or never"),
        (["--frobnicate", "x"], "unknown option --frobnicate"),
    ])
    func errorsExitTwoWithOneLine(arguments: [String], message: String) throws {
        let runner = try indexedRunner()
        let result = try runner.find(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func missingIndexTellsToRunNotesIndex() throws {
        let runner = CommandRunner()
        let result = try runner.find(["deploy"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no index at"))
        #expect(result.stderr.contains("notes-index"))
        #expect(!FileManager.default.fileExists(atPath: runner.database))
    }

    @Test func sortsFiltersAndPages() throws {
        let runner = try indexedRunner()
        let byTitle = try runner.find(["-l", "--sort", "title", "deploy OR sourdough"])
        #expect(byTitle.stdout == "notes/work/deploy.md\nnotes/recipes/bread.txt\nnotes/work/weekly.md\n")
        let reversed = try runner.find(["-l", "--sort", "title", "-r", "deploy OR sourdough"])
        #expect(reversed.stdout == "notes/work/weekly.md\nnotes/recipes/bread.txt\nnotes/work/deploy.md\n")
        let page = try runner.find(["-l", "--sort", "title", "-n", "1", "--offset", "1", "deploy OR sourdough"])
        #expect(page.stdout == "notes/recipes/bread.txt\n")
        let created = try runner.find(["-l", "created:2024-05"])
        #expect(created.stdout == "notes/exports/keep.json\n")
        // Date filters see the notes' own dates: the two deploy notes are dated only by their files.
        let since = try runner.find(["-c", "--since", "2000-01-01", "deploy OR passport"])
        #expect(since.stdout == "1\n")
        let until = try runner.find(["-c", "--until", "2000-01-01", "deploy"])
        #expect(until.stdout == "0\n")
    }

    @Test func severalArgumentsKeepShellQuotedPhrases() throws {
        let runner = try indexedRunner()
        #expect(try runner.find(["-c", "next week", "deploy"]).stdout == "1\n")
        #expect(try runner.find(["-c", "week next", "deploy"]).stdout == "0\n")
    }

    @Test func helpAndVersion() throws {
        let runner = CommandRunner()
        let help = try runner.run("notes-find", ["--help"])
        #expect(help.status == 0 && help.stdout.contains("Usage: notes-find") && help.stdout.contains("title:word"))
        let version = try runner.run("notes-find", ["-V"])
        #expect(version.status == 0 && version.stdout.hasPrefix("notes-find "))
    }
}
