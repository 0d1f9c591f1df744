#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The standard streams, as the tools use them: buffered stdout for results, stderr for the rest.
public enum Terminal {
    /// Whether file descriptor `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Writes `message` and a newline to stderr immediately, its control characters escaped
    /// (``TerminalEscape``): messages name files and queries, which may hold any character.
    public static func writeErrorLine(_ message: String) {
        writeError(TerminalEscape.escaped(message) + "\n")
    }

    /// Writes `text` to stderr immediately, as is (the tools' own escape sequences).
    public static func writeError(_ text: String) {
        // A message that cannot be shown has nowhere else to go.
        _ = Array(text.utf8).withUnsafeBytes { writeFully(2, $0) }
    }

    /// Writes out what `print` left in the C library's buffers (`--help`, `notes-index --list-roots`); throws
    /// ``OutputError`` when it cannot be written, now or earlier (the C library keeps what it could not write).
    public static func flushPrinted() throws {
        errno = 0
        guard fflush(nil) != 0 else { return }
        if let error = OutputError(code: errno == 0 ? EIO : errno) { throw error }
    }
}

/// Writes all of `bytes` to `descriptor`, retrying short and interrupted writes; returns the `errno` of the
/// write that failed, or `nil` once everything is written.
func writeFully(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written < 0 { return errno }
        if written == 0 { return EIO }
        offset += written
    }
    return nil
}
