import Foundation
import SQLiteKit

/// ``RankingTables/collect(_:settings:_:)`` run on threads of their own, each through a read-only connection
/// of its own: at the end of a first build (``NoteIndex/finishFirstBuild(_:)``) the passes over the frequent
/// terms' doclists (the candidates' FTS5 queries, the impact heaps, the posting lists: most of the top-k
/// fill's time) run off the writer, which only writes the tracked terms this hands over
/// (``RankingTables/rebuild(_:settings:postingsPerStep:step:source:)``).
///
/// One thread finds the candidates (``RankingTables/collection(_:settings:)``); then `workers` threads each
/// take the next candidate none has taken, and the writer gets the tracked terms in candidate (term) order.
///
/// The workers run at most ``capacity`` candidates and ``postingsAhead`` postings ahead of the writer, so
/// memory is bounded (20 bytes a posting, 10 MB by default: since the workers read FTS5's leaves themselves
/// they are always that far ahead, and the writer, not they, sets the fill's pace), and the scan keeps going
/// while the writer writes a part of the word list or commits, or while the other worker passes over a term
/// in most notes. Every term's pass is its own read transaction, so
/// the write-ahead log is not held back for the whole fill. The reader sees the notes as last committed; start
/// it once they are.
final class RankingScan: @unchecked Sendable {
    // Sendable by construction: every field below `condition` is read and written only under it.
    private let condition = NSCondition()
    /// The number of candidates, once found.
    private var total: Int?
    /// Computed candidates the writer has not taken: the tracked term, or `nil` for one not tracked.
    private var results: [Int: RankingTables.TrackedTerm?] = [:]
    /// The candidate the writer takes next.
    private var taken = 0
    /// The candidates workers have started, all those before this one.
    private var claimed = 0
    /// Postings in `results`.
    private var postingsWaiting = 0
    private var failure: (any Error)?
    private var stopped = false
    private var running = 0
    /// Candidates computed ahead of the writer at most.
    let capacity: Int
    /// Postings of computed terms waiting for the writer above which no worker starts another candidate (so
    /// a run of frequent terms holds at most about this many, 20 bytes each).
    let postingsAhead: Int

    /// Why a thread stopped early (its writer no longer wants terms).
    private struct Stopped: Error {}

    /// Starts computing the tracked terms of the index at `path` with `settings`, on `workers` threads.
    init(path: String, configuration: Connection.Configuration, settings: RankingSettings, capacity: Int = 64,
         postingsAhead: Int = 500_000, workers: Int = 2) {
        self.capacity = max(capacity, 1)
        self.postingsAhead = max(postingsAhead, 1)
        let workers = max(workers, 1)
        running = 1
        Thread.detachNewThread { [self] in
            let result = Result {
                let reader = try NoteIndex.open(path, mode: .readOnly, configuration: configuration)
                defer { reader.close() }
                guard let collection = try RankingTables.collection(reader, settings: settings) else { return }
                condition.withLock {
                    total = collection.candidates.count
                    running += workers - 1
                    condition.broadcast()
                }
                for _ in 1..<workers {
                    Thread.detachNewThread { [self] in
                        let result = Result {
                            let own = try NoteIndex.open(path, mode: .readOnly, configuration: configuration)
                            defer { own.close() }
                            try work(collection, settings: settings, db: own)
                        }
                        end(result)
                    }
                }
                try work(collection, settings: settings, db: reader)
            }
            end(result)
        }
    }

    /// Hands every tracked term to `body` in term order as it is computed; rethrows what stopped the scan.
    /// While no term is waiting, `whenIdle` runs (the writer's other work, a part at a time) until it returns
    /// `false` (nothing to do now); then the writer waits for the next term, and asks `whenIdle` again after it.
    func forEach(_ body: (RankingTables.TrackedTerm) throws -> Void, whenIdle: () throws -> Bool = { false }) throws {
        var asksIdleWork = true
        while true {
            switch try next(blocking: !asksIdleWork) {
            case .term(let tracked):
                try body(tracked)
                asksIdleWork = true
            case .notYet: asksIdleWork = try whenIdle()
            case .ended: return
            }
        }
    }

    /// Stops the scan if it still runs and waits for its threads to end (so none outlives the fill that
    /// started it, even one that failed).
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
            while running > 0 { condition.wait() }
        }
    }

    /// Computes the next candidate no worker has taken, through `db`, until none is left; a worker waits while
    /// the computed terms the writer has not taken are ``capacity`` candidates or ``postingsAhead`` postings.
    private func work(_ collection: RankingTables.Collection, settings: RankingSettings, db: Connection) throws {
        let pass = try RankingTables.TermPass(db, sizes: collection.sizes, readsLeaves: true)
        defer { pass.close() }
        let count = collection.candidates.count
        while true {
            let number = try condition.withLock { () throws -> Int? in
                while claimed < count && (claimed >= taken + capacity || postingsWaiting >= postingsAhead)
                        && !stopped && failure == nil {
                    condition.wait()
                }
                if stopped || failure != nil { throw Stopped() }
                guard claimed < count else { return nil }
                claimed += 1
                return claimed - 1
            }
            guard let number else { return }
            let tracked = try pass.track(collection.candidates[number], settings: settings)
            condition.withLock {
                results[number] = .some(tracked)
                postingsWaiting += tracked?.postings.count ?? 0
                condition.broadcast()
            }
        }
    }

    /// Records that a thread ended, and the first failure.
    private func end(_ result: Result<Void, any Error>) {
        condition.withLock {
            if case .failure(let error) = result, !(error is Stopped), failure == nil { failure = error }
            running -= 1
            condition.broadcast()
        }
    }

    /// What ``next(blocking:)`` found.
    private enum Next {
        case term(RankingTables.TrackedTerm)
        /// No term waits yet, and the caller would not wait.
        case notYet
        case ended
    }

    private func next(blocking: Bool) throws -> Next {
        try condition.withLock {
            while true {
                if let failure { throw failure }
                if let entry = results.removeValue(forKey: taken) {
                    taken += 1
                    postingsWaiting -= entry?.postings.count ?? 0
                    condition.broadcast()
                    if let tracked = entry { return .term(tracked) }
                    continue
                }
                if let total, taken >= total { return .ended }
                if total == nil && running == 0 { return .ended }
                if !blocking { return .notYet }
                condition.wait()
            }
        }
    }
}
