import Foundation
import Testing
@testable import NotesFTS

@Suite struct PreparePipelineTests {
    /// Counters shared with the pipeline's thread.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var requested = 0
        private var aheadTooFar: [Int] = []
        private var prepared: [Int] = []

        func request(_ number: Int) { lock.withLock { requested = number + 1 } }
        /// Records that batch `number` starts being prepared, and whether it runs more than `depth` ahead.
        func start(_ number: Int, depth: Int) {
            lock.withLock {
                prepared.append(number)
                if number >= requested + depth { aheadTooFar.append(number) }
            }
        }
        var snapshot: (prepared: [Int], aheadTooFar: [Int]) { lock.withLock { (prepared, aheadTooFar) } }
    }

    /// The writer gets every batch, in order, whatever the depth; the readers prepare each batch once, in
    /// order, and never more than `depth` batches ahead of the one the writer asked for.
    @Test(arguments: [1, 2, 5])
    func handsOverBatchesInOrderAndStaysWithinDepth(depth: Int) {
        let log = Log()
        let pipeline = PreparePipeline(count: 12, depth: depth) { number in
            log.start(number, depth: depth)
            return [.failed("batch \(number)")]
        }
        var handed: [String] = []
        for number in 0..<12 {
            log.request(number)
            for outcome in pipeline.batch(number) {
                if case .failed(let reason) = outcome { handed.append(reason) }
            }
            if number % 4 == 0 { Thread.sleep(forTimeInterval: 0.01) } // let the readers run ahead
        }
        pipeline.stop()
        #expect(handed == (0..<12).map { "batch \($0)" })
        #expect(log.snapshot.prepared == Array(0..<12))
        #expect(log.snapshot.aheadTooFar.isEmpty)
    }

    /// A writer that stops early (an error) stops the readers: no batch starts after `stop()` returns.
    @Test func stopsEarly() {
        let log = Log()
        let pipeline = PreparePipeline(count: 1_000, depth: 3) { number in
            log.start(number, depth: 3)
            return []
        }
        log.request(0)
        _ = pipeline.batch(0)
        pipeline.stop()
        let count = log.snapshot.prepared.count
        Thread.sleep(forTimeInterval: 0.05)
        #expect(log.snapshot.prepared.count == count)
        #expect(count <= 4)
    }
}
