/// One option a command accepts.
public struct OptionSpec: Sendable {
    /// Its spellings, e.g. `["-n", "--limit"]`; the last one is its canonical name.
    public let names: [String]
    /// The placeholder of its value (`N`, `PATH`), or `nil` for a flag.
    public let valueName: String?
    /// One line of help.
    public let help: String
    /// The values it accepts, when they are a fixed list (for shell completion); empty otherwise.
    public let choices: [String]

    /// Creates an option; give `value` for options that take one, and `choices` when its values are a fixed
    /// list.
    public init(_ names: [String], value: String? = nil, help: String, choices: [String] = []) {
        self.names = names
        self.valueName = value
        self.help = help
        self.choices = choices
    }

    /// Whether its value names a file or folder (`PATH`, `FILE`), so shells complete file names.
    public var takesPath: Bool { valueName == "PATH" || valueName == "FILE" }

    /// The canonical (last, usually long) name.
    public var canonicalName: String { names.last ?? "" }
}
