import Foundation
import Testing

/// A real non-root user (`notesfts-reader`) to run notes-find as, for what root's permissions would let
/// pass (tests run as root): an index in a folder the user may not write, an index the user may not read.
enum UnprivilegedUser {
    /// The user's name.
    static let name = "notesfts-reader"

    /// Whether this process can run tools as the user (it is root and has `runuser`); creates the user when
    /// it is missing.
    static func isAvailable(_ runner: CommandRunner) throws -> Bool {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else { return false }
        if try runner.run("/usr/bin/id", [name]).status != 0 {
            return try runner.run("/usr/sbin/useradd", ["-M", "-r", name]).status == 0
        }
        return true
    }

    /// Indexes one note ("hello deploy", `notes/ok.md`) as root into `shared/index.sqlite` in the runner's
    /// folder, gives the index file `indexMode` (its folders stay unwritable to the user), then runs
    /// `notes-find --db` that index with `arguments` as the user. `nil` where the user cannot be had.
    static func find(_ runner: CommandRunner, _ arguments: [String], indexMode: mode_t) throws -> CommandResult? {
        guard try isAvailable(runner) else { return nil }
        runner.write("ok.md", "hello deploy\n")
        let folder = runner.workingDirectory + "/shared"
        let index = folder + "/index.sqlite"
        #expect(try runner.run("notes-index", ["--db", index, runner.notes]).status == 0)
        let tool = runner.workingDirectory + "/notes-find"
        try FileManager.default.copyItem(atPath: CommandRunner.productsDirectory + "/notes-find", toPath: tool)
        for path in [runner.workingDirectory, folder, tool] { chmod(path, 0o755) }
        chmod(index, indexMode)
        return try runner.run("/usr/sbin/runuser", ["-u", name, "--", tool, "--db", index] + arguments)
    }
}
