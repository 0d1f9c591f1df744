#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// The standard streams, as the tools use them: buffered stdout for results, stderr for the rest.
public enum Terminal {
    /// Whether file descriptor `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Writes `text` to stderr immediately.
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
