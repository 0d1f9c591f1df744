/// A command-line tool: its name, option table, help and version, and the work it does. Run it with
/// ``CommandLineTool/main(_:arguments:)``: parse → run → one exit path.
public protocol Command {
    /// The typed options the table fills.
    associatedtype Options: CommandOptions
    /// The program name, as errors and `--version` show it.
    static var name: String { get }
    /// The options, in `--help` order.
    static var options: OptionTable<Options> { get }
    /// The `--help` text (built around ``OptionTable/helpLines()``).
    static var help: String { get }
    /// The version `--version` prints after the name.
    static var version: String { get }
    /// Whether the arguments that are not options name files and folders (shells complete file names).
    static var positionalsArePaths: Bool { get }
    /// What the error of an unknown option adds: how to give an argument that starts with `-` (after `--`).
    static var unknownOptionHint: String { get }
    /// Does the work and returns the exit status; throws to exit with an error line (status 2, or the
    /// status a ``CommandFailure`` carries).
    static func run(_ options: Options) throws -> Int32
}

extension Command {
    /// By default the arguments are not files (a query, say).
    public static var positionalsArePaths: Bool { false }

    /// By default, about the files and folders (``positionalsArePaths``) or the arguments the tool takes.
    public static var unknownOptionHint: String {
        (positionalsArePaths ? "for a file or folder whose name starts with '-'" : "for an argument that starts with '-'")
            + ", put it after --"
    }
}
