#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What both executables do around their work: report errors in one line and exit with the right code.
public enum CommandLineTool {
    /// Prints `program: message` on stderr.
    public static func printError(_ program: String, _ message: String) {
        Terminal.writeError("\(program): \(message)\n")
    }

    /// Prints `program: message` on stderr and exits with `code` (2 by default: nothing could be done).
    public static func fail(_ program: String, _ message: String, code: Int32 = 2) -> Never {
        printError(program, message)
        exit(code)
    }

    /// Parses a whole number option such as `--limit`; throws ``UsageError`` naming the option and value.
    public static func integer(_ text: String?, option: String, minimum: Int = 0) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= minimum else {
            throw UsageError("\(option) takes a whole number of at least \(minimum), not '\(text)'")
        }
        return value
    }
}
