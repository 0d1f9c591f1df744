/// The outcome of parsing: the options given, in order, and the remaining arguments.
public struct ParsedArguments: Sendable, Equatable {
    /// One option as given: its canonical name and its value (`nil` for a flag).
    public struct Occurrence: Sendable, Equatable {
        /// The option's canonical name (``OptionSpec/canonicalName``), whatever spelling was typed.
        public let name: String
        /// The value, or `nil` for a flag.
        public let value: String?
    }

    /// The options given, in command-line order.
    public private(set) var occurrences: [Occurrence] = []
    /// Arguments that are not options, in order.
    public var positionals: [String] = []

    mutating func record(_ option: OptionSpec, value: String?) {
        occurrences.append(Occurrence(name: option.canonicalName, value: value))
    }

    /// Whether the option (any spelling's canonical name, e.g. `--json`) was given.
    public func flag(_ name: String) -> Bool { occurrences.contains { $0.name == name } }

    /// The last value given for an option, or `nil`.
    public func value(_ name: String) -> String? { values(name).last }

    /// Every value given for an option.
    public func values(_ name: String) -> [String] { occurrences.filter { $0.name == name }.compactMap { $0.value } }
}
