import Foundation

/// The indexes this process is building now (``NoteIndex/bulkLoad(_:_:)``): a first build marked by this
/// process but not in this set has failed, and a read-write open may repair it.
final class RunningBuilds: @unchecked Sendable {
    // Sendable by construction: `paths` is read and written under `lock` only.
    private let lock = NSLock()
    private var paths: [String: Int] = [:]

    /// The one set of the process.
    static let shared = RunningBuilds()

    /// Runs `body` with `path` in the set.
    func running<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        lock.withLock { paths[path, default: 0] += 1 }
        defer { lock.withLock { paths[path]! -= 1; if paths[path] == 0 { paths[path] = nil } } }
        return try body()
    }

    /// Whether a build of `path` runs in this process.
    func contains(_ path: String) -> Bool { lock.withLock { paths[path] != nil } }
}
