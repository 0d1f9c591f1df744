/// A command-line mistake: exits 2 with this one-line message.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message, without the program name.
    public let message: String
    /// Creates an error with `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }

    /// Two options that cannot be given together: `-q and -v exclude each other; choose one`.
    public static func excluding(_ first: String, _ second: String) -> UsageError {
        UsageError("\(first) and \(second) exclude each other; choose one")
    }

    /// `--db ''`: an empty path, which would otherwise fall back to the default index unnoticed.
    public static let emptyDatabasePath = UsageError("--db needs a path, not an empty one (leave it out for the default index)")

    /// An option the tool does not have, the one of `names` it most likely meant (``OptionSuggestion``), then
    /// `hint` in brackets: how to give an argument that starts with `-` (see ``Command/unknownOptionHint``).
    static func unknown(_ argument: String, names: [String] = [], hint: String?) -> UsageError {
        let suggestion = OptionSuggestion.best(for: argument, among: names).map { " (did you mean \($0)?)" } ?? ""
        return UsageError("unknown option \(argument)\(suggestion); see --help" + (hint.map { " (\($0))" } ?? ""))
    }
}
