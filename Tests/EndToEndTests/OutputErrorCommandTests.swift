import Foundation
import Testing

/// Output that cannot be written (`> /dev/full`: every write fails with ENOSPC) is an error, for both tools and
/// every kind of output: one line on stderr and exit 2, as grep does. A pipe whose reader is gone stays silent.
@Suite struct OutputErrorCommandTests {
    private func indexedRunner(notes: Int = 2) throws -> CommandRunner {
        let runner = CommandRunner()
        for number in 0..<notes {
            runner.write("n\(number).md", "# keep \(number)\n\nkeep the receipts of the week, number \(number), and file them by month\n")
        }
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        return runner
    }

    /// `tool arguments` run with stdout on `/dev/full`, through the shell.
    private func runIntoFullDevice(_ runner: CommandRunner, _ tool: String, _ arguments: [String]) throws -> CommandResult {
        try runner.run("/bin/sh", ["-c", #"exec "$0" "$@" > /dev/full"#, CommandRunner.productsDirectory + "/" + tool] + arguments)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full, where every write fails with ENOSPC"),
          arguments: [
              ("notes-find", ["-l", "keep"]), ("notes-find", ["keep"]), ("notes-find", ["--json", "keep"]),
              ("notes-find", ["-c", "keep"]), ("notes-find", ["--explain", "keep"]), ("notes-find", ["--help"]),
              ("notes-find", ["--version"]), ("notes-find", ["--generate", "complete-bash"]),
              ("notes-index", ["--list-roots"]), ("notes-index", ["--check"]), ("notes-index", ["--help"]),
          ])
    func aFullDeviceIsOneLineAndExitTwo(tool: String, arguments: [String]) throws {
        let runner = try indexedRunner()
        let database = tool == "notes-find" || arguments.contains("--list-roots") || arguments.contains("--check")
            ? ["--db", runner.database] : []
        let result = try runIntoFullDevice(runner, tool, database + arguments)
        #expect(result.status == 2)
        #expect(result.stderr == "\(tool): cannot write the output: No space left on device\n")
    }

    /// Results beyond one buffer (64 KB) fail to be written while the search goes on: the same one line.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full, where every write fails with ENOSPC"))
    func aFullDeviceMidListingIsOneLine() throws {
        let runner = try indexedRunner(notes: 400)
        let json = try runner.find(["--json", "-n", "1000", "keep"])
        try #require(json.stdout.utf8.count > 1 << 16)
        let result = try runIntoFullDevice(runner, "notes-find", ["--db", runner.database, "--json", "-n", "1000", "keep"])
        #expect(result.status == 2)
        #expect(result.stderr == "notes-find: cannot write the output: No space left on device\n")
    }

    /// notes-find with stdout a pipe nobody reads any more (its read end closed before the tool starts):
    /// silent, whether `SIGPIPE` ends the tool (as in `| head -0`) or is ignored (then the tool ends as it would).
    @Test(arguments: [false, true])
    func aClosedPipeStaysSilent(ignoringSIGPIPE: Bool) throws {
        let runner = try indexedRunner()
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", (ignoringSIGPIPE ? "trap '' PIPE; " : "") + #"exec "$0" "$@""#,
                             CommandRunner.productsDirectory + "/notes-find", "--db", runner.database, "-l", "keep"]
        process.standardOutput = pipe.fileHandleForWriting
        process.standardError = errors.fileHandleForWriting
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try pipe.fileHandleForWriting.close()
        try errors.fileHandleForWriting.close()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(stderr == "")
        let endedBySIGPIPE = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE
        #expect(ignoringSIGPIPE ? process.terminationReason == .exit && process.terminationStatus == 0
                                : endedBySIGPIPE || process.terminationStatus == 0)
    }
}
