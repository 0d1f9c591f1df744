import Foundation
import Testing

/// notes-find as a user runs it: word forms, typos, filters alone, unquoted exclusions, stdin, --open.
@Suite struct FindWordFormsCommandTests {
    private func indexedRunner() throws -> CommandRunner {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        runner.write("work/meetings.md", "# Meetings\n\nToo many meetings on Wednesday.\n")
        runner.write("work/offsite.md", "---\ntags: [draft, work]\n---\n# Offsite\n\nAgenda for the meeting.\n")
        // Date filters read the dates notes state (file times are not trusted), so two notes carry recent ones.
        let day: (Double) -> String = { ISO8601DateFormatter().string(from: Date().addingTimeInterval(-86_400 * $0)) }
        runner.write("work/recent.md", "---\nmodified: \(day(1))\ntags: [work]\n---\n# Recent\n\nYesterday.\n")
        runner.write("work/older.md", "---\nmodified: \(day(3))\ntags: [work]\n---\n# Older\n\nThree days ago.\n")
        #expect(try runner.index([runner.notes]).status == 0)
        return runner
    }

    private func paths(_ result: CommandResult) -> [String] {
        result.stdout.split(separator: "\n").map { String($0) }
    }

    @Test func wordFormsFindTheSameNotesAndExactTurnsThemOff() throws {
        let runner = try indexedRunner()
        let plural = try runner.find(["-l", "meetings"])
        let singular = try runner.find(["-l", "meeting"])
        #expect(plural.status == 0)
        #expect(Set(paths(plural)) == Set(paths(singular)))
        #expect(paths(try runner.find(["-l", "--sort", "rank", "meetings"])).first == "notes/work/meetings.md")
        #expect(Set(paths(plural)) == ["notes/work/meetings.md", "notes/work/weekly.md", "notes/work/offsite.md"])
        #expect(paths(try runner.find(["-l", "--exact", "meetings"])) == ["notes/work/meetings.md"])
    }

    @Test func aTypoIsCorrectedAndSaid() throws {
        let runner = try indexedRunner()
        let result = try runner.find(["-l", "sourdugh"])
        #expect(result.status == 0)
        #expect(paths(result) == ["notes/recipes/bread.txt"])
        #expect(result.stderr == "notes-find: no notes contain \"sourdugh\"; showing results for \"sourdough\"\n")
        let json = try runner.find(["--json", "sourdugh"])
        let summary = try #require(json.stdout.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        #expect(object["corrected"] as? [String: String] == ["sourdugh": "sourdough"])
        let exact = try runner.find(["--exact", "sourdugh"])
        #expect(exact.status == 1 && exact.stdout.isEmpty && exact.stderr.isEmpty)
    }

    @Test func nothingFoundSuggestsNearWords() throws {
        let runner = try indexedRunner()
        let result = try runner.find(["deploy", "soudrugh"])
        #expect(result.status == 1)
        #expect(result.stderr == "notes-find: no notes contain \"soudrugh\"; nearest indexed words: \"sourdough\"\n")
    }

    @Test(arguments: [["--since", "2w"], ["tag:work"], ["path:work/"]])
    func filtersAloneListNewestFirst(arguments: [String]) throws {
        let runner = try indexedRunner()
        let result = try runner.find(["-l"] + arguments)
        #expect(result.status == 0)
        #expect(paths(result).count >= 2)
        let json = try runner.find(["--json"] + arguments)
        let modified = json.stdout.split(separator: "\n").compactMap { line -> String? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["type"] as? String == "result" ? (object?["modified"] as? String ?? "") : nil
        }
        #expect(modified == modified.sorted(by: >))
    }

    @Test func aPeriodWithNoNotesSaysWhatDatesTheIndexHas() throws {
        let runner = CommandRunner()
        runner.write("a.md", "---\nmodified: 2024-01-05\n---\n# A\n\nalpha\n")
        runner.write("b.md", "---\nmodified: 2024-03-01\n---\n# B\n\nbeta\n")
        runner.write("undated.md", "# Undated\n\nonly a file time\n")
        #expect(try runner.index([runner.notes]).status == 0)
        let result = try runner.find(["--since", "2w"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr == "notes-find: no notes modified in that period; the notes' own modified dates run from "
                + "2024-01-05 to 2024-03-01; 1 note is dated only by file times, which date filters skip\n")
        let within = try runner.find(["-l", "--since", "2024-02-01"])
        #expect(within.status == 0 && within.stdout == "notes/b.md\n" && within.stderr.isEmpty)
    }

    @Test func unquotedExclusionStdinAndColourAlias() throws {
        let runner = try indexedRunner()
        let quoted = try runner.find(["-l", "meeting -draft"])
        let unquoted = try runner.find(["-l", "meeting", "-draft"])
        #expect(unquoted.status == 0 && unquoted.stdout == quoted.stdout)
        #expect(!unquoted.stdout.contains("offsite"))
        #expect(try runner.find(["-draft"]).stderr.contains("unknown option"))
        let piped = try runner.find(["-"], input: "deploy\n")
        let typed = try runner.find(["deploy"])
        #expect(piped.status == 0 && piped.stdout == typed.stdout)
        #expect(try runner.find(["--colour", "always", "production"]).stdout.contains("\u{1B}["))
    }

    @Test func openRunsTheEditorAtTheLine() throws {
        let runner = try indexedRunner()
        let result = try runner.find(["--open", "production"], environment: ["EDITOR": "true"])
        #expect(result.status == 0)
        #expect(result.stderr == "notes-find: true \(runner.notes)/work/deploy.md\n")
        // Stand-in editors named like the real ones, first on PATH: the line argument follows the family.
        let bin = runner.workingDirectory + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for name in ["vim", "code"] {
            #expect(FileManager.default.createFile(atPath: bin + "/" + name, contents: Data("#!/bin/sh\nexit 0\n".utf8),
                                           attributes: [.posixPermissions: 0o755]))
        }
        let path = ["PATH": bin + ":/usr/bin:/bin"]
        let vim = try runner.find(["--open", "production"], environment: path.merging(["VISUAL": "vim", "EDITOR": "code"]) { $1 })
        #expect(vim.status == 0 && vim.stderr == "notes-find: vim +4 \(runner.notes)/work/deploy.md\n")
        let code = try runner.find(["--open", "production"], environment: path.merging(["EDITOR": "code -w"]) { $1 })
        #expect(code.status == 0 && code.stderr == "notes-find: code -w -g \(runner.notes)/work/deploy.md:4\n")
        let missing = try runner.find(["--open", "9", "deploy"], environment: ["EDITOR": "true"])
        #expect(missing.status == 1 && missing.stderr.contains("only 2 results"))
        let noEditor = try runner.find(["--open", "deploy"])
        #expect(noEditor.status == 2 && noEditor.stderr.contains("set VISUAL or EDITOR"))
    }
}
