import Foundation

/// Reads and parses batches of files ahead of the writer, in order, on a thread of its own, keeping at most
/// ``depth`` prepared batches waiting (``Indexer``).
///
/// One batch ahead was not enough during a first build: while the writer commits (FTS5's flush, the
/// checkpoint and its `fsync`s, about half a second every two seconds) the readers finished the one batch
/// and then had nothing to do, and neither had the side writer (``FullTextSideWriter``), which the writer
/// feeds. With several batches waiting, the writer catches up after its commit with no read in its way.
final class PreparePipeline: @unchecked Sendable {
    // Sendable by construction: `ready`, `next` and `stopped` are read and written only under `condition`;
    // `batches` and `prepare` are immutable.
    private let condition = NSCondition()
    private var ready: [Int: [Indexer.Prepared]] = [:]
    private var stopped = false
    private var ended = false
    /// Prepared batches that may wait for the writer at once.
    let depth: Int

    /// Starts preparing batch 0, 1, … of `count` with `prepare`, at most `depth` (at least 1) ahead of the
    /// batch the writer takes (``batch(_:)``).
    init(count: Int, depth: Int, prepare: @escaping @Sendable (Int) -> [Indexer.Prepared]) {
        self.depth = max(depth, 1)
        Thread.detachNewThread { [self] in
            for number in 0..<count {
                let mayStart = condition.withLock { () -> Bool in
                    while !stopped && ready.count >= self.depth { condition.wait() }
                    return !stopped
                }
                guard mayStart else { break }
                let prepared = prepare(number)
                condition.withLock {
                    ready[number] = prepared
                    condition.broadcast()
                }
            }
            condition.withLock {
                ended = true
                condition.broadcast()
            }
        }
    }

    /// The prepared files of batch `number` (batches are taken in order, each once), waiting until it is
    /// ready.
    func batch(_ number: Int) -> [Indexer.Prepared] {
        condition.withLock {
            while ready[number] == nil && !ended { condition.wait() }
            defer { condition.broadcast() }
            return ready.removeValue(forKey: number) ?? []
        }
    }

    /// Stops preparing and waits for the thread to end (a batch being read is finished first): no reader
    /// outlives the run that started it.
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
            while !ended { condition.wait() }
            ready.removeAll()
        }
    }
}
