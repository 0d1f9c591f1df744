/// The outcome of parsing: flags seen, option values, and the remaining arguments.
public struct ParsedArguments: Sendable, Equatable {
    /// Options seen, by canonical name, with their values in order (empty for flags).
    public private(set) var seen: [String: [String]] = [:]
    /// Arguments that are not options, in order.
    public var positionals: [String] = []

    mutating func record(_ option: OptionSpec, value: String?) {
        seen[option.canonicalName, default: []] += value.map { [$0] } ?? []
    }

    /// Whether the option (any spelling's canonical name, e.g. `--json`) was given.
    public func flag(_ name: String) -> Bool { seen[name] != nil }

    /// The last value given for an option, or `nil`.
    public func value(_ name: String) -> String? { seen[name]?.last }

    /// Every value given for an option.
    public func values(_ name: String) -> [String] { seen[name] ?? [] }
}
