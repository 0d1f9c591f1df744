/// A tool's failure with its own exit status (most failures exit 2; for example `notes-find` exits 1 on a
/// query with nothing to search for).
public struct CommandFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The one-line message, without the program name.
    public let message: String
    /// The exit status.
    public let status: Int32

    /// Creates a failure that exits with `status` (2 by default: nothing could be done).
    public init(_ message: String, status: Int32 = 2) {
        self.message = message
        self.status = status
    }

    /// The message.
    public var description: String { message }
}
