#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A single self-overwriting status line on stderr, shown only when stderr is a terminal and at most
/// a few times a second, then cleared before the final output.
public final class ProgressLine {
    private let enabled: Bool
    private var lastDrawn: UInt64 = 0
    private var visible = false
    /// Minimum time between redraws, in nanoseconds.
    private let interval: UInt64 = 100_000_000

    /// Creates a progress line; it draws only when `enabled` (pass whether stderr is a terminal).
    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Shows `text` (throttled).
    public func update(_ text: String) {
        guard enabled else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
        guard nanoseconds - lastDrawn >= interval || lastDrawn == 0 else { return }
        lastDrawn = nanoseconds
        Terminal.writeError("\r\u{1B}[K" + text)
        visible = true
    }

    /// Erases the line, so the next message starts clean.
    public func clear() {
        guard enabled, visible else { return }
        Terminal.writeError("\r\u{1B}[K")
        visible = false
    }
}
