/// One option a command accepts.
public struct OptionSpec: Sendable {
    /// Its spellings, e.g. `["-n", "--limit"]`; the last one is its canonical name.
    public let names: [String]
    /// The placeholder of its value (`N`, `PATH`), or `nil` for a flag.
    public let valueName: String?
    /// One line of help.
    public let help: String

    /// Creates an option; give `value` for options that take one.
    public init(_ names: [String], value: String? = nil, help: String) {
        self.names = names
        self.valueName = value
        self.help = help
    }

    /// The canonical (last, usually long) name.
    public var canonicalName: String { names.last ?? "" }
}
