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

    /// Parses the process arguments with `parser`, answering `--help` (prints `help`) and `--version`
    /// (prints `program version`) and exiting; a usage error exits 2 with its one-line message.
    public static func parseArguments(_ parser: ArgumentParser, program: String, help: String, version: String) -> ParsedArguments {
        let arguments: ParsedArguments
        do {
            arguments = try parser.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            fail(program, (error as? UsageError)?.message ?? String(describing: error))
        }
        if arguments.flag("--help") {
            print(help)
            exit(0)
        }
        if arguments.flag("--version") {
            print("\(program) \(version)")
            exit(0)
        }
        return arguments
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
