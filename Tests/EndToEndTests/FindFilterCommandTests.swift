import Foundation
import Testing

/// `notes-find` filters as a user types them: path and date filters, their exclusions (`-path:work`,
/// `NOT modified:2024`) through every output (`-l`, `-c`, `--json`, `--sort`, human), and a filter where
/// none can stand (inside OR) refused with one line naming it.
@Suite struct FindFilterCommandTests {
    /// Four notes about otters: two in `work/` (one modified in 2024), two in `home/` (one modified in 2025).
    private func otterRunner() throws -> CommandRunner {
        let runner = CommandRunner()
        runner.write("work/a.md", "# A\n\notter\n")
        runner.write("work/c.md", "---\nmodified: 2024-05-01\n---\n# C\n\notter\n")
        runner.write("home/b.md", "# B\n\notter\n")
        runner.write("home/d.md", "---\nmodified: 2025-05-01\n---\n# D\n\notter otter\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        return runner
    }

    @Test(arguments: [
        (["otter -path:work"], ["home/b.md", "home/d.md"]),
        (["otter", "-path:work"], ["home/b.md", "home/d.md"]),
        (["otter NOT path:work"], ["home/b.md", "home/d.md"]),
        (["otter -path:WORK -path:d.md"], ["home/b.md"]),
        (["otter -modified:2024"], ["home/b.md", "home/d.md", "work/a.md"]),
        (["otter NOT modified:>=2025"], ["home/b.md", "work/a.md", "work/c.md"]),
        (["otter -(modified:2024) path:work"], ["work/a.md"]),
        (["--", "-path:home"], ["work/a.md", "work/c.md"]),
        (["--sort", "modified", "-r", "otter -path:home"], ["work/c.md", "work/a.md"]),
        (["-n", "5", "otter -path:home"], ["work/a.md", "work/c.md"]),
    ])
    func negatedFiltersExcludeInEveryOutput(arguments: [String], expected: [String]) throws {
        let runner = try otterRunner()
        let listed = try runner.find(["-l"] + arguments)
        #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed.stderr)")
        let paths = listed.stdout.split(separator: "\n").map { String($0.dropFirst("notes/".count)) }
        let ordered = arguments.contains("--sort")
        #expect(ordered ? paths == expected : paths.sorted() == expected, "\(arguments)")
        let count = try runner.find(["-c"] + arguments)
        #expect(count.stdout == "\(expected.count)\n")
        let json = try runner.find(["--json"] + arguments)
        let found = json.stdout.split(separator: "\n").compactMap { line -> String? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (object?["path"] as? String).map { ($0 as NSString).lastPathComponent }
        }
        #expect(found.sorted() == expected.map { ($0 as NSString).lastPathComponent }.sorted())
        let human = try runner.find(["--color", "never"] + arguments)
        #expect(human.status == 0 && expected.allSatisfy { human.stdout.contains($0) })
    }

    @Test func pathFiltersFoldCaseBeyondASCII() throws {
        let runner = CommandRunner()
        runner.write("Äpfel/z.md", "# Z\n\notter\n")
        runner.write("ÖL/y.md", "# Y\n\notter\n")
        runner.write("work/a.md", "# A\n\notter\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        #expect(try runner.find(["-l", "path:äpfel"]).stdout == "notes/Äpfel/z.md\n")
        #expect(try runner.find(["-l", "otter path:ÄPFEL/"]).stdout == "notes/Äpfel/z.md\n")
        #expect(try runner.find(["-l", "otter -path:öl -path:äPFEL"]).stdout == "notes/work/a.md\n")
        #expect(try runner.find(["-c", "path:öl"]).stdout == "1\n")
    }

    @Test func aTagAloneSelectsWithScoreZero() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# A\n\notter #river\n")
        runner.write("b.md", "# B\n\n#river #river otter\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        for query in ["#river", "tag:river", "path:a.md"] {
            let json = try runner.find(["--json", query])
            let scores = json.stdout.split(separator: "\n").compactMap { line -> Double? in
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return object?["type"] as? String == "result" ? object?["score"] as? Double : nil
            }
            #expect(!scores.isEmpty && scores.allSatisfy { $0 == 0 }, "\(query): \(scores)")
        }
    }

    @Test func explainShowsTheNegatedFilters() throws {
        let runner = try otterRunner()
        let explained = try runner.find(["--explain", "otter -path:work NOT modified:2024 -created:>=2024-02"])
        #expect(explained.status == 0)
        #expect(explained.stdout.contains("filter:  path does not contain \"work\"\n"))
        #expect(explained.stdout.contains("filter:  NOT(modified >= 2024-01-01T00:00:00Z AND modified < 2025-01-01T00:00:00Z)\n"))
        #expect(explained.stdout.contains("filter:  NOT(created >= 2024-02-01T00:00:00Z)\n"))
    }

    @Test(arguments: [
        (["otter OR path:work"], "path:work", "cannot be one side of OR"),
        (["-l", "path:work | otter"], "path:work", "cannot be one side of OR"),
        (["-c", "otter OR NOT modified:2024"], "modified:2024", "cannot be one side of OR"),
        (["--explain", "otter -(path:work otter)"], "path:work", "cannot be inside a negated group"),
        (["--json", "otter NOT (created:2024 otter)"], "created:2024", "cannot be inside a negated group"),
    ])
    func aFilterWhereNoneCanStandIsOneLineAndExitTwo(arguments: [String], filter: String, problem: String) throws {
        let runner = try otterRunner()
        let result = try runner.find(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("notes-find: the filter '\(filter)' \(problem)"))
        #expect(result.stderr.contains("-\(filter)"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
