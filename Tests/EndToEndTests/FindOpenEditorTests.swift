import Foundation
import Testing

/// `notes-find --open` with an editor that cannot run: one line naming it and saying what to do (exit 2),
/// before anything is run; an editor that runs and fails: its status, in one line after the command.
@Suite struct FindOpenEditorTests {
    private func indexedRunner() throws -> CommandRunner {
        let runner = CommandRunner()
        runner.write("a.md", "# keep\n\nkeep the receipts\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let plain = runner.workingDirectory + "/plain-file"
        #expect(FileManager.default.createFile(atPath: plain, contents: Data("not a program\n".utf8),
                                               attributes: [.posixPermissions: 0o644]))
        return runner
    }

    private static let advice = "; set VISUAL or EDITOR to an editor on your PATH\n"

    @Test(arguments: [
        (["EDITOR": "no-such-editor-here"], "'no-such-editor-here': not found on PATH"),
        (["EDITOR": "no-such-editor-here -w"], "'no-such-editor-here': not found on PATH"),
        (["EDITOR": "/no/such/editor"], "'/no/such/editor': no such file"),
        (["VISUAL": "/no/such/editor", "EDITOR": "true"], "'/no/such/editor': no such file"),
        (["EDITOR": "WORK/plain-file"], "'WORK/plain-file': not an executable file"),
        (["EDITOR": "./plain-file"], "'./plain-file': not an executable file"),
        (["EDITOR": "WORK"], "'WORK': not an executable file"),
        (["EDITOR": "true", "PATH": "/no/such/folder"], "'true': not found on PATH"),
    ])
    func anEditorThatCannotRunIsOneLine(environment: [String: String], message: String) throws {
        let runner = try indexedRunner()
        let work = runner.workingDirectory
        let result = try runner.find(["--open", "keep"],
                                     environment: environment.mapValues { $0.replacingOccurrences(of: "WORK", with: work) })
        #expect(result.status == 2)
        #expect(result.stderr == "notes-find: cannot run the editor " + message.replacingOccurrences(of: "WORK", with: work) + Self.advice)
        #expect(result.stdout.isEmpty)
    }

    /// The command said on stderr can be pasted into a shell: a name with a quote is quoted `'it'"'"'s.md'`.
    @Test func theCommandShownQuotesANameWithAQuoteForTheShell() throws {
        let runner = CommandRunner()
        runner.write("it's.md", "# quoted\n\nzzquote\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(["--open", "zzquote"], environment: ["EDITOR": "true"])
        #expect(result.status == 0)
        #expect(result.stderr == "notes-find: true '\(runner.notes)/it'\"'\"'s.md'\n", "\(result.stderr)")
        let echoed = try runner.run("/bin/sh", ["-c", "printf '%s' \(result.stderr.dropFirst("notes-find: true ".count).dropLast())"])
        #expect(echoed.stdout == "\(runner.notes)/it's.md")
    }

    @Test func anEditorThatFailsReportsItsStatus() throws {
        let runner = try indexedRunner()
        let editor = runner.workingDirectory + "/bin/failing-editor"
        try FileManager.default.createDirectory(atPath: runner.workingDirectory + "/bin", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: editor, contents: Data("#!/bin/sh\nexit 3\n".utf8),
                                               attributes: [.posixPermissions: 0o755]))
        for (environment, command) in [(["EDITOR": editor], editor), (["EDITOR": "failing-editor -w", "PATH": runner.workingDirectory + "/bin:/usr/bin:/bin"], "failing-editor -w")] {
            let result = try runner.find(["--open", "keep"], environment: environment)
            let shown = "\(command) \(runner.notes)/a.md"
            #expect(result.status == 2)
            #expect(result.stderr == "notes-find: \(shown)\nnotes-find: the editor exited with status 3 (\(shown))\n")
        }
    }
}
