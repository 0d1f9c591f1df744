import Foundation
import SQLiteKit

/// The phrase heads' pass over every note's text (``PhraseHead/build(_:settings:averageSize:threads:)``) on
/// several threads: the build's connection reads the notes in batches (reading is a small part of the cost;
/// reading the text as FTS5 does, ``PhrasePairs``, is the rest: 3.1 s of CPU at 100,000 notes), each batch is
/// cut in as many runs of notes as there are threads, and each thread counts its run with its own tokenizer,
/// ``PhraseCounts`` and impact heaps. The heaps are merged at the end (``ImpactHeap/merge(_:)``): the heads
/// and counts are those one thread would find; a frontier holds the same points, perhaps in another order.
///
/// Sendable by construction: a batch is written only by the build's thread while no worker runs, each worker
/// changes only its own ``Worker``, and the build's thread reads the workers only after they are done.
final class PhrasePass: @unchecked Sendable {
    /// One thread's state.
    struct Worker {
        let tokenizer: TermTokenizer
        var counts: PhraseCounts
        var heaps: [ImpactHeap]
        /// A note the tokenizer failed on.
        var failed: Int64?
    }

    /// Notes read at a time.
    static let batchSize = 2_048

    private let pairs: PhrasePairs
    /// One a thread, allocated here: two threads change their own elements at once, which the exclusivity
    /// checks of a stored array would refuse.
    private let workers: UnsafeMutableBufferPointer<Worker>
    /// The batch: each note's id and size, and its three columns' bytes in ``text`` (three ranges a note).
    private var ids: [Int64] = []
    private var sizes: [Int] = []
    private var columns: [Range<Int>] = []
    private var text: [UInt8] = []

    /// A pass for `pairs` on `tokenizers.count` threads (one tokenizer each), with heads of `headSize` notes
    /// chosen at `averageSize`.
    init(_ pairs: PhrasePairs, tokenizers: [TermTokenizer], headSize: Int, averageSize: Double) {
        self.pairs = pairs
        workers = .allocate(capacity: tokenizers.count)
        _ = workers.initialize(from: tokenizers.map { tokenizer in
            Worker(tokenizer: tokenizer, counts: PhraseCounts(pairs),
                   heaps: (0..<pairs.count).map { _ in ImpactHeap(capacity: headSize, averageSize: averageSize) })
        })
    }

    deinit {
        workers.deinitialize()
        workers.deallocate()
    }

    /// Reads every note with a size in `sizes` through `db`, in id order, and counts it.
    func run(_ db: Connection, sizes: DocumentSizes) throws {
        let statement = try db.prepare("SELECT id, title, body, tags FROM \(Schema.fullTextContent) ORDER BY id")
        defer { statement.finalize() }
        while try statement.step() {
            let id = statement.int64(0)
            guard let size = sizes[id] else { continue }
            ids.append(id)
            self.sizes.append(size)
            for column in 1...3 {
                let start = text.count
                statement.withBlob(Int32(column)) { text.append(contentsOf: $0) }
                columns.append(start..<text.count)
            }
            if ids.count == Self.batchSize { try countBatch() }
        }
        try countBatch()
    }

    /// The merged heaps, one a phrase of the pairs.
    func heaps() -> [ImpactHeap] {
        var merged = workers[0].heaps
        for worker in workers.dropFirst() {
            for phrase in merged.indices { merged[phrase].merge(worker.heaps[phrase]) }
        }
        return merged
    }

    /// Counts the batch, one run of its notes a thread (the first on this one), and empties it.
    private func countBatch() throws {
        guard !ids.isEmpty else { return }
        let runs = workers.count
        let done = DispatchSemaphore(value: 0)
        for worker in 1..<runs {
            Thread { [self] in
                count(worker, of: runs)
                done.signal()
            }.start()
        }
        count(0, of: runs)
        for _ in 1..<runs { done.wait() }
        if let note = workers.lazy.compactMap(\.failed).first {
            throw SQLiteError(code: 1, message: "the tokenizer failed on note \(note)")
        }
        ids.removeAll(keepingCapacity: true)
        sizes.removeAll(keepingCapacity: true)
        columns.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
    }

    /// Worker `worker` counts the `worker`-th of `runs` runs of the batch's notes.
    private func count(_ worker: Int, of runs: Int) {
        let start = ids.count * worker / runs, end = ids.count * (worker + 1) / runs
        do {
            text.withUnsafeBytes { text in
                for note in start..<end {
                    for column in 0..<3 {
                        workers[worker].counts.startColumn(column)
                        let range = columns[note * 3 + column]
                        let bytes = UnsafeRawBufferPointer(rebasing: text[range])
                        guard pairs.read(bytes, workers[worker].tokenizer, into: &workers[worker].counts) else {
                            workers[worker].failed = ids[note]
                            return
                        }
                    }
                    for phrase in workers[worker].counts.found {
                        workers[worker].heaps[Int(phrase)].add(note: ids[note], frequency: workers[worker].counts.frequency(phrase),
                                                               size: sizes[note])
                    }
                    workers[worker].counts.endNote()
                }
            }
        }
    }
}
