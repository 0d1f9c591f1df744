#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A single self-overwriting status line on stderr, shown only when stderr is a terminal and at most
/// ten times a second, then cleared before the final output.
///
/// ```swift
/// let progress = ProgressLine(enabled: Terminal.isTerminal(2))
/// progress.update("indexing… 120 of 4000 files")
/// progress.clear()
/// ```
public final class ProgressLine {
    private let enabled: Bool
    private let write: (String) -> Void
    private let clock: () -> UInt64
    private var lastDrawn: UInt64?
    private var visible = false
    /// Minimum time between redraws, in nanoseconds.
    private let interval: UInt64 = 100_000_000

    /// Creates a progress line; it draws only when `enabled` (pass whether stderr is a terminal).
    /// `write` and `clock` default to stderr and the monotonic clock; tests replace them.
    public init(enabled: Bool, write: @escaping (String) -> Void = Terminal.writeError,
                clock: @escaping () -> UInt64 = ProgressLine.monotonicNanoseconds) {
        self.enabled = enabled
        self.write = write
        self.clock = clock
    }

    /// Shows `text`, unless the line was redrawn less than 100 ms ago.
    public func update(_ text: String) {
        guard enabled else { return }
        let now = clock()
        if let lastDrawn, now &- lastDrawn < interval { return }
        lastDrawn = now
        write("\r\u{1B}[K" + text)
        visible = true
    }

    /// Erases the line, so the next message starts clean.
    public func clear() {
        guard enabled, visible else { return }
        write("\r\u{1B}[K")
        visible = false
    }

    /// Whether a progress line can be drawn on a stream: it is a terminal, and one that moves the cursor (its
    /// `TERM` is not `dumb`, as in Emacs' shell, where `\r\e[K` would show as text).
    public static func canDraw(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && environment["TERM"] != "dumb"
    }

    /// Nanoseconds on the monotonic clock.
    public static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
