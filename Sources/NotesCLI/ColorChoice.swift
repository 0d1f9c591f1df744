/// When to colour output: `--color auto|always|never`.
public enum ColorChoice: String, Sendable, CaseIterable {
    /// Colour when stdout is a terminal and `NO_COLOR` is unset.
    case auto
    /// Always colour.
    case always
    /// Never colour.
    case never

    /// Reads a `--color` value; throws ``UsageError`` naming the bad value.
    public static func parse(_ text: String?) throws -> ColorChoice {
        guard let text else { return .auto }
        guard let choice = ColorChoice(rawValue: text.lowercased()) else {
            throw UsageError("--color takes auto, always or never, not '\(text)'")
        }
        return choice
    }

    /// Whether to colour, given whether the stream is a terminal and the environment.
    public func enabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            return isTerminal && environment["TERM"] != "dumb"
        }
    }
}
