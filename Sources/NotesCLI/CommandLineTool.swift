#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every executable does around its work: parse, run, and leave by one exit path.
public enum CommandLineTool {
    /// Runs `command` on `arguments` and exits: `--help` and `--version` print and exit 0; a usage error
    /// or any thrown error prints `name: message` on stderr and exits 2 (or a ``CommandFailure``'s status);
    /// so does output that cannot be written (``OutputError``); otherwise the status ``Command/run(_:)`` returns.
    public static func main<Tool: Command>(_ command: Tool.Type,
                                           arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        exit(status(of: command, arguments: arguments))
    }

    /// What ``main(_:arguments:)`` does, without exiting: returns the exit status.
    static func status<Tool: Command>(of command: Tool.Type, arguments: [String]) -> Int32 {
        do {
            let status: Int32
            switch try Tool.options.parse(arguments, unknownOptionHint: Tool.unknownOptionHint) {
            case .help:
                print(Tool.help)
                status = 0
            case .version:
                print("\(Tool.name) \(Tool.version)")
                status = 0
            case .generate(let document):
                print(document.render(for: Tool.self), terminator: "")
                status = 0
            case .run(let options):
                status = try Tool.run(options)
            }
            // What `print` wrote is still buffered: a full disk shows only now.
            try Terminal.flushPrinted()
            return status
        } catch {
            printError(Tool.name, String(describing: error))
            return (error as? CommandFailure)?.status ?? 2
        }
    }

    /// Prints `program: message` on stderr, control characters escaped.
    public static func printError(_ program: String, _ message: String) {
        Terminal.writeErrorLine("\(program): \(message)")
    }

    /// Parses a whole number option such as `--limit`; throws ``UsageError`` naming the option and value.
    public static func integer(_ text: String?, option: String, minimum: Int = 0) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= minimum else {
            let range = isDigits(text) && Int(text) == nil ? "from \(minimum) to \(Int.max)" : "of at least \(minimum)"
            throw UsageError("\(option) takes a whole number \(range), not '\(text)'")
        }
        return value
    }

    /// Whether `text` is one or more ASCII digits and nothing else: a number, if perhaps too large for `Int`.
    public static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
