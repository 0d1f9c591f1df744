import Foundation

/// A built executable running in the background (`notes-index --watch`), with its stderr in a file; it is
/// killed when dropped, so a failing test cannot leave it running or hang.
final class BackgroundCommand {
    let process = Process()
    private let errorPath: String

    /// Starts `program` (a built product) with `arguments` in `runner`'s folder.
    init(_ runner: CommandRunner, _ program: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: CommandRunner.productsDirectory + "/" + program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: runner.workingDirectory)
        process.environment = ["HOME": runner.workingDirectory + "/home", "PATH": "/usr/bin:/bin"]
        errorPath = runner.workingDirectory + "/.background-stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// What it has written to stderr so far.
    var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Sends SIGINT (Ctrl-C) and waits up to `seconds` for it to exit; its status, or `nil` if it did not
    /// exit in time (then it is killed).
    func interrupt(waitingSeconds seconds: Double) -> Int32? {
        process.interrupt()
        guard Self.eventually(within: seconds, { !self.process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Polls `condition` every 50 ms until it holds (`true`) or `seconds` pass (`false`).
    static func eventually(within seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try condition()
    }
}
