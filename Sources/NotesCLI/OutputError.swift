#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output could not be written (a full disk, `> /dev/full`, a device error): the tool stops and
/// exits 2 with one line, `notes-find: cannot write the output: No space left on device`, as grep does.
///
/// A closed pipe is not one of these: the reader (`| head -1`) has all it wanted, so what follows is dropped
/// without a word, as when `SIGPIPE` ends the tool.
public struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` of the write that failed.
    public let code: Int32

    /// The error of a write that failed with `code`; `nil` for a closed pipe (`EPIPE`), which stays silent.
    public init?(code: Int32) {
        guard code != EPIPE else { return nil }
        self.code = code
    }

    /// The message: what failed and why, in the system's words.
    public var description: String { "cannot write the output: " + String(cString: strerror(code)) }
}
