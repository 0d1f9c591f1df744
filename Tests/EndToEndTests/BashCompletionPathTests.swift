import Foundation
import Testing

/// The generated bash completion, sourced in a non-interactive `bash` and called as bash-completion would,
/// completes file names that hold blanks, quotes, glob and escape characters as one reply each, and asks for
/// `-o filenames` (quoting, `/` after a folder) wherever a path is completed.
@Suite struct BashCompletionPathTests {
    private let runner = CommandRunner()

    /// Where a path is completed: the tool and the words before the one being typed.
    static let contexts: [(String, [String])] = [
        ("notes-find", ["--db"]),
        ("notes-index", ["--db"]),
        ("notes-index", ["--forget"]),
        ("notes-index", []),
        ("notes-index", ["--quiet", "cdir/folder"]),
    ]

    /// The word as typed (raw, with any quoting the user typed) and the file names it must offer.
    static let typed: [(String, [String])] = [
        ("cdir/w", ["cdir/with space.db"]),
        ("cdir/with\\ s", ["cdir/with space.db"]),
        ("\"cdir/with s", ["cdir/with space.db"]),
        ("'cdir/with s", ["cdir/with space.db"]),
        ("cdir/ta", ["cdir/tab\there.db"]),
        ("cdir/st", ["cdir/star*.db"]),
        ("cdir/q", ["cdir/quote'.db"]),
        ("cdir/quote\\'", ["cdir/quote'.db"]),
        ("cdir/back\\\\", ["cdir/back\\slash.db"]),
        ("cdir/d", ["cdir/dollar$(touch pwned).db"]),
        ("cdir/s", ["cdir/star*.db", "cdir/sub folder"]),
        ("cdir/f", ["cdir/folder"]),
        ("cdir/none", []),
    ]

    private func makeFolder() {
        for folder in ["folder", "sub folder"] {
            try? FileManager.default.createDirectory(atPath: runner.workingDirectory + "/cdir/" + folder, withIntermediateDirectories: true)
        }
        for name in ["with space.db", "tab\there.db", "star*.db", "quote'.db", "back\\slash.db", "dollar$(touch pwned).db"] {
            _ = FileManager.default.createFile(atPath: runner.workingDirectory + "/cdir/" + name, contents: nil)
        }
    }

    /// The replies and the `compopt` calls of completing `words` (the last one being typed); nil without bash.
    private func complete(_ tool: String, _ words: [String]) throws -> (replies: [String], compopt: [String])? {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return nil }
        let path = runner.workingDirectory + "/\(tool).bash"
        try runner.run(tool, ["--generate", "complete-bash"]).stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let function = "_" + tool.replacingOccurrences(of: "-", with: "_")
        // compopt only works while readline completes; this stand-in records what the script asks for.
        let script = """
            set -e; source \(path)
            compopt() { printf 'compopt:%s\\n' "$*"; }
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            \(function)
            for reply in "${COMPREPLY[@]}"; do printf 'reply:%s\\n' "$reply"; done
            """
        let result = try runner.run("/bin/bash", ["-c", script, "bash"] + words)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        return (lines.filter { $0.hasPrefix("reply:") }.map { String($0.dropFirst(6)) }.sorted(),
                lines.filter { $0.hasPrefix("compopt:") }.map { String($0.dropFirst(8)) })
    }

    @Test(arguments: contexts, typed)
    func pathsAreOneReplyEach(context: (String, [String]), typed: (String, [String])) throws {
        makeFolder()
        let (tool, before) = context
        guard let completed = try complete(tool, [tool] + before + [typed.0]) else { return }
        #expect(completed.replies == typed.1, "\(tool) \(before) \(typed.0)")
        #expect(completed.compopt == ["-o filenames"])
        #expect(!FileManager.default.fileExists(atPath: runner.workingDirectory + "/pwned"))
    }

    @Test(arguments: [("notes-find", ["--sort", "mo"], ["modified"]), ("notes-find", ["--colo"], ["--color", "--colour"]),
                      ("notes-index", ["--tokenizer", ""], ["cjk", "unicode61"]), ("notes-index", ["-"], nil)])
    func wordsAreNotFileNames(tool: String, words: [String], expected: [String]?) throws {
        guard let completed = try complete(tool, [tool] + words) else { return }
        if let expected { #expect(completed.replies == expected) } else { #expect(completed.replies.contains("--forget")) }
        #expect(completed.compopt.isEmpty)
    }

    @Test(arguments: ["notes-find", "notes-index"])
    func scriptParsesAndRegistersTheTool(tool: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let path = runner.workingDirectory + "/\(tool).bash"
        try runner.run(tool, ["--generate", "complete-bash"]).stdout.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try runner.run("/bin/bash", ["-n", path]).status == 0)
        let registered = try runner.run("/bin/bash", ["-c", "source \(path); complete -p \(tool)"])
        let function = "_" + tool.replacingOccurrences(of: "-", with: "_")
        #expect(registered.stdout == "complete \(tool == "notes-index" ? "-o filenames " : "")-F \(function) \(tool)\n")
    }
}
