import Foundation
import SQLiteKit

/// ``RankingTables/collect(_:settings:_:)`` run on a thread of its own, through a read-only connection of its
/// own: at the end of a first build (``NoteIndex/finishFirstBuild(_:)``) the passes over the frequent terms'
/// doclists (the candidates' FTS5 queries, the impact heaps, the posting lists: most of the top-k fill's
/// time) run on the other core, and the writer only writes the tracked terms this hands over
/// (``RankingTables/rebuild(_:settings:postingsPerStep:step:source:)``).
///
/// At most ``capacity`` terms wait for the writer, so memory is bounded by a few posting lists. Every term's
/// pass is its own read transaction, so the write-ahead log is not held back for the whole fill. The reader
/// sees the notes as last committed; start it once they are.
final class RankingScan: @unchecked Sendable {
    // Sendable by construction: every field below `condition` is read and written only under it.
    private let condition = NSCondition()
    private var waiting: [RankingTables.TrackedTerm] = []
    private var outcome: Result<Void, any Error>?
    private var stopped = false
    private var ended = false
    /// Terms computed ahead of the writer at most.
    let capacity: Int

    /// Why the scanning thread stopped early (its writer no longer wants terms).
    private struct Stopped: Error {}

    /// Starts computing the tracked terms of the index at `path` with `settings`.
    init(path: String, configuration: Connection.Configuration, settings: RankingSettings, capacity: Int = 4) {
        self.capacity = max(capacity, 1)
        Thread.detachNewThread { [self] in
            let result = Result {
                let reader = try NoteIndex.open(path, mode: .readOnly, configuration: configuration)
                defer { reader.close() }
                try RankingTables.collect(reader, settings: settings) { try put($0) }
            }
            condition.withLock {
                outcome = result
                ended = true
                condition.broadcast()
            }
        }
    }

    /// Hands every tracked term to `body` in term order as it is computed; rethrows what stopped the scan.
    func forEach(_ body: (RankingTables.TrackedTerm) throws -> Void) throws {
        while let tracked = try next() { try body(tracked) }
    }

    /// Stops the scan if it still runs and waits for its thread to end (so none outlives the fill that
    /// started it, even one that failed).
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
            while !ended { condition.wait() }
        }
    }

    private func put(_ tracked: RankingTables.TrackedTerm) throws {
        try condition.withLock {
            while waiting.count >= capacity && !stopped { condition.wait() }
            if stopped { throw Stopped() }
            waiting.append(tracked)
            condition.broadcast()
        }
    }

    private func next() throws -> RankingTables.TrackedTerm? {
        try condition.withLock {
            while waiting.isEmpty && outcome == nil { condition.wait() }
            if !waiting.isEmpty {
                condition.broadcast()
                return waiting.removeFirst()
            }
            try outcome?.get()
            return nil
        }
    }
}
