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
        Array(text.utf8).withUnsafeBytes { writeFully(2, $0) }
    }
}

/// Writes all of `bytes` to `descriptor`, retrying short writes; gives up silently on error (a closed pipe).
func writeFully(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
    }
}
