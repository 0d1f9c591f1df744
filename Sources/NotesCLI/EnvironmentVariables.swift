#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variables the tools read, looked up one by one with `getenv`: building
/// `ProcessInfo.processInfo.environment` copies the whole environment into a dictionary, which cost a
/// `notes-find` query process about 0.15 ms of its 4 ms (twice per run; Benchmarks/README.md, issue 10 line 1).
public enum EnvironmentVariables {
    /// Every variable a tool reads: the index location (``IndexLocation``), colour (``ColorChoice``) and the
    /// editor `notes-find --open` runs, and where it is found.
    public static let names = ["NOTES_DB", "XDG_DATA_HOME", "HOME", "NO_COLOR", "TERM", "VISUAL", "EDITOR", "PATH"]

    /// The set variables among `names` and their values (an empty value is kept: set but empty).
    public static func read(_ names: [String] = names) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
