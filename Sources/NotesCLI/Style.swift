/// ANSI styling that disappears when colour is off.
public struct Style: Sendable {
    /// Whether escapes are emitted.
    public let enabled: Bool

    /// Creates a style; `enabled: false` makes every method return its text unchanged.
    public init(enabled: Bool) { self.enabled = enabled }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }

    /// A file path (magenta, as ripgrep).
    public func path(_ text: String) -> String { wrap(text, "35") }
    /// A line number (green).
    public func lineNumber(_ text: String) -> String { wrap(text, "32") }
    /// A title (bold).
    public func title(_ text: String) -> String { wrap(text, "1") }
    /// Secondary text (dim).
    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// The escape that opens a match highlight (bold red), or "" when off.
    public var matchOpen: String { enabled ? "\u{1B}[1;31m" : "" }
    /// The escape that closes a match highlight, or "" when off.
    public var matchClose: String { enabled ? "\u{1B}[0m" : "" }
}
