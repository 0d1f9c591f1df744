#if os(Linux)
import Glibc

/// A way to stop ``IndexWatcher/run(until:)`` from another thread or a signal handler: ``trigger()`` writes
/// one byte to a pipe the watch loop polls (async-signal-safe).
///
/// ```swift
/// let stop = try StopSignal()
/// signal(SIGINT, SIG_IGN)
/// let source = DispatchSource.makeSignalSource(signal: SIGINT)
/// source.setEventHandler { stop.trigger() }
/// source.resume()
/// try watcher.run(until: stop)
/// ```
public final class StopSignal: Sendable {
    /// The end the watch loop polls.
    let descriptor: Int32
    private let writeEnd: Int32

    /// Creates the pipe; throws ``NotesFTSError/watchFailed(path:reason:)`` when the system has no descriptors left.
    public init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw NotesFTSError.watchFailed(path: "pipe", reason: FileWalker.describe(errno))
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// Asks the loop to stop (it finishes the refresh it is in, then returns).
    public func trigger() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}
#endif
