#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Runs another executable as a child process and measures it the way `time -v` does: wall time and the
/// child's own peak resident set size (`wait4` → `ru_maxrss`), with stdin from a file when asked.
enum ChildProcess {
    /// What one run of a child cost.
    struct Measurement {
        /// Wall-clock seconds from spawn to exit.
        var seconds: Double
        /// Peak resident set size of the child, in bytes.
        var peakRSSBytes: Int
        /// Exit status (or 128 + signal).
        var status: Int32
        /// What the child wrote to stderr (last lines are kept for error messages).
        var standardError: String
    }

    /// Runs `executable` with `arguments`; stdout goes to /dev/null, stdin comes from `inputPath` (or /dev/null).
    static func run(_ executable: String, _ arguments: [String], inputPath: String? = nil,
                    environment: [String: String] = [:]) throws -> Measurement {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let errorPath = NSTemporaryDirectory() + "notes-bench-stderr-\(getpid()).txt"
        posix_spawn_file_actions_addopen(&actions, 0, inputPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Clock.now()
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw BenchError("cannot run \(executable): \(String(cString: strerror(result)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Clock.seconds(since: started)
        let errorText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        unlink(errorPath)
        let exited = (status & 0x7F) == 0
        return Measurement(seconds: seconds, peakRSSBytes: Int(usage.ru_maxrss) * 1024,
                           status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), standardError: errorText)
    }

    /// The built executable `name` next to this one (`.build/release/notes-index` beside `notes-bench`).
    static func sibling(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let me = length > 0
            ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        return (me as NSString).deletingLastPathComponent + "/" + name
    }
}

/// A monotonic clock in nanoseconds.
enum Clock {
    /// Now, in nanoseconds of the monotonic clock.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Seconds elapsed since `start` (a value of ``now()``).
    static func seconds(since start: UInt64) -> Double { Double(now() - start) / 1e9 }
}
