import Foundation
import Testing

/// `--generate complete-bash|complete-zsh|complete-fish|man`, run as a user would, and checked by the tools
/// that read them (bash, man) where they are installed.
@Suite struct GeneratedDocumentTests {
    private let runner = CommandRunner()

    @Test(arguments: ["notes-find", "notes-index"])
    func everyKindPrintsAndExitsZero(tool: String) throws {
        for kind in ["complete-bash", "complete-zsh", "complete-fish", "man"] {
            let result = try runner.run(tool, ["--generate", kind])
            #expect(result.status == 0, "\(tool) \(kind): \(result.stderr)")
            #expect(result.stderr.isEmpty)
            #expect(result.stdout.contains(kind == "man" ? "\\-\\-db" : "db"))
        }
    }

    @Test(arguments: ["", "bash", "complete-tcsh", "MAN"])
    func unknownKindIsAUsageError(kind: String) throws {
        let result = try runner.run("notes-find", ["--generate", kind])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--generate takes complete-bash, complete-zsh, complete-fish, man"))
        #expect(result.stdout.isEmpty)
    }

    @Test func everyOptionOfHelpIsInEveryDocument() throws {
        let help = try runner.run("notes-find", ["--help"]).stdout
        let documents = try ["complete-bash", "complete-zsh", "complete-fish"].map { try runner.run("notes-find", ["--generate", $0]).stdout }
        for option in ["--sort", "--files-with-matches", "--substring", "--color", "--generate"] {
            #expect(help.contains(option))
            for document in documents { #expect(document.contains(option.dropFirst(2)), "\(option)") }
        }
        let man = try runner.run("notes-find", ["--generate", "man"]).stdout
        #expect(man.contains("\\fB\\-\\-sort\\fR \\fIKEY\\fR"))
    }

    /// Completes `words` (the last one being typed) with the generated bash script; nil without bash.
    private func bashCompletions(_ tool: String, _ words: [String]) throws -> [String]? {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return nil }
        let script = try runner.run(tool, ["--generate", "complete-bash"]).stdout
        let path = runner.workingDirectory + "/\(tool).bash"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let function = "_" + tool.replacingOccurrences(of: "-", with: "_")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let result = try runner.run("/bin/bash", ["-c", "set -e; source \(path); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); \(function); printf '%s\\n' \"${COMPREPLY[@]}\""])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesOptionsAndTheirValues() throws {
        guard let sort = try bashCompletions("notes-find", ["notes-find", "--sor"]) else { return }
        #expect(sort == ["--sort"])
        #expect(try bashCompletions("notes-find", ["notes-find", "--sort", "mo"]) == ["modified"])
        #expect(try bashCompletions("notes-index", ["notes-index", "--tok"]) == ["--tokenizer"])
        #expect(try bashCompletions("notes-index", ["notes-index", "--tokenizer", ""]) == ["cjk", "unicode61"])
    }

    @Test func manRendersBothPages() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { return }
        for tool in ["notes-find", "notes-index"] {
            let path = runner.workingDirectory + "/\(tool).1"
            try runner.run(tool, ["--generate", "man"]).stdout.write(toFile: path, atomically: true, encoding: .utf8)
            let rendered = try runner.run("/usr/bin/man", ["-l", path], environment: ["MANWIDTH": "100", "MANPAGER": "cat"])
            #expect(rendered.status == 0, "\(rendered.stderr)")
            #expect(rendered.stdout.contains("SYNOPSIS"))
            #expect(rendered.stdout.contains("--db PATH"))
            #expect(rendered.stdout.contains("EXAMPLES"))
        }
    }
}
