/// A non-fatal problem with one input: the file or folder and why it was skipped.
public struct IndexWarning: Sendable, Equatable, CustomStringConvertible {
    /// The file or folder.
    public var path: String
    /// The reason, e.g. `invalid UTF-8 at byte 12`.
    public var reason: String
    /// Creates a warning.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
