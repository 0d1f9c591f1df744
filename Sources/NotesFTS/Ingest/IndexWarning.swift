/// A non-fatal problem with one input: the file or folder and why it was skipped.
public struct IndexWarning: Sendable, Equatable, CustomStringConvertible {
    /// The file or folder.
    public var path: String
    /// The reason, e.g. `invalid UTF-8 at byte 12`.
    public var reason: String
    /// Whether only part of the file was left out (a line of a JSON Lines file, the encrypted notes of a
    /// Standard Notes backup) and the rest was indexed;
    /// otherwise the whole input was skipped and its earlier notes kept.
    public var isPartial: Bool
    /// Creates a warning.
    public init(path: String, reason: String, isPartial: Bool = false) {
        self.path = path
        self.reason = reason
        self.isPartial = isPartial
    }
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
