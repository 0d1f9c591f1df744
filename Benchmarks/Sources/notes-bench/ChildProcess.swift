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
    /// With `measuresPeakRSS` false the child is spawned directly (no trampoline start-up in its wall time)
    /// and its peak RSS is not reliable.
    static func run(_ executable: String, _ arguments: [String], inputPath: String? = nil,
                    environment: [String: String] = [:], measuresPeakRSS: Bool = true) throws -> Measurement {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let errorPath = NSTemporaryDirectory() + "notes-bench-stderr-\(getpid()).txt"
        posix_spawn_file_actions_addopen(&actions, 0, inputPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        // Spawn through a fresh, small copy of this program (see `measuredSpawnFlag`), so that the child's
        // ru_maxrss is its own and not this process's high-water mark inherited across vfork/exec.
        let usageFile = NSTemporaryDirectory() + "notes-bench-rusage-\(getpid()).txt"
        let helperArguments = measuresPeakRSS
            ? [sibling("notes-bench"), measuredSpawnFlag, usageFile, executable] + arguments
            : [executable] + arguments
        let argv = helperArguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Clock.now()
        let result = posix_spawn(&pid, helperArguments[0], &actions, nil, argv, envp)
        guard result == 0 else { throw BenchError("cannot run \(executable): \(String(cString: strerror(result)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Clock.seconds(since: started)
        let errorText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        unlink(errorPath)
        let reported = ((try? String(contentsOfFile: usageFile, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int($0) }
        unlink(usageFile)
        let exited = (status & 0x7F) == 0
        return Measurement(seconds: seconds, peakRSSBytes: (reported.first ?? Int(usage.ru_maxrss)) * 1024,
                           status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), standardError: errorText)
    }

    /// The hidden first argument that turns `notes-bench` into a measuring trampoline:
    /// `notes-bench --spawn-measured FILE EXECUTABLE ARGS…` runs the executable, writes its peak RSS (KiB) to
    /// FILE and exits with its status. Being freshly started, the trampoline is small, so the RSS high-water
    /// mark the kernel carries into the grandchild's exec is a few MB, not the benchmark's own.
    static let measuredSpawnFlag = "--spawn-measured"

    /// Runs the trampoline when `arguments` ask for it; returns only when they do not.
    static func trampolineIfAsked(_ arguments: [String]) {
        guard arguments.count >= 4, arguments[1] == measuredSpawnFlag else { return }
        let argv = arguments[3...].map { strdup($0) } + [nil]
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[3], nil, nil, argv, environ) == 0 else { exit(127) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        try? "\(usage.ru_maxrss) \(status)".write(toFile: arguments[2], atomically: false, encoding: .utf8)
        exit((status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
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
