/// Collects stdout text and writes it in large chunks (results can run to thousands of lines).
///
/// A write that fails throws ``OutputError`` (a full disk: the tool stops and says so); once the reader of a
/// pipe is gone (`EPIPE`, when `SIGPIPE` is ignored), the rest is dropped silently.
public final class OutputBuffer {
    private var bytes: [UInt8] = []
    private let descriptor: Int32
    /// Whether the pipe's reader went away: nothing more is written.
    private var readerGone = false

    /// Creates a buffer over `descriptor` (stdout by default).
    public init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        bytes.reserveCapacity(1 << 16)
    }

    /// Writes what is left, as well as it can: on the way out after another error, which is the one to report.
    deinit { try? flush() }

    /// Appends `text` and a newline; throws ``OutputError`` when a full buffer cannot be written.
    public func line(_ text: String) throws {
        try write(text)
        bytes.append(10)
    }

    /// Appends `text`; throws ``OutputError`` when a full buffer cannot be written.
    public func write(_ text: String) throws {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 16 { try flush() }
    }

    /// Writes out what is buffered; throws ``OutputError`` when it cannot be written.
    public func flush() throws {
        defer { bytes.removeAll(keepingCapacity: true) }
        guard !readerGone, !bytes.isEmpty, let code = bytes.withUnsafeBytes({ writeFully(descriptor, $0) }) else { return }
        guard let error = OutputError(code: code) else {
            readerGone = true
            return
        }
        throw error
    }
}
