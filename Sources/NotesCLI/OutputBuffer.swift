/// Collects stdout text and writes it in large chunks (results can run to thousands of lines).
public final class OutputBuffer {
    private var bytes: [UInt8] = []
    private let descriptor: Int32

    /// Creates a buffer over `descriptor` (stdout by default).
    public init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        bytes.reserveCapacity(1 << 16)
    }

    deinit { flush() }

    /// Appends `text` and a newline.
    public func line(_ text: String) {
        write(text)
        bytes.append(10)
    }

    /// Appends `text`.
    public func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 16 { flush() }
    }

    /// Writes out what is buffered.
    public func flush() {
        bytes.withUnsafeBytes { writeFully(descriptor, $0) }
        bytes.removeAll(keepingCapacity: true)
    }
}
