import Foundation
import Testing
@testable import NotesFTS

@Suite struct RankingScanTests {
    static let settings = RankingSettings(headSize: 12, minimumDocumentFrequency: 20, minimumShare: 0.05)

    /// The terms computed on another thread through a read-only connection are the ones the writer computes
    /// itself, in the same order, whatever how many wait for the writer and how many threads compute them.
    @Test func handsOverWhatTheWriterWouldCompute() throws {
        let (folder, index, expected) = try Self.indexAndTerms(seed: 20_261_201)
        defer { withExtendedLifetime(folder) {} }
        #expect(expected.count >= 10)
        for (capacity, postingsAhead) in [(1, 1_000_000), (3, 1_000_000), (100, 1_000_000), (100, 1)] {
            for workers in [1, 2, 3] {
                let scan = RankingScan(path: index.path, configuration: NoteIndex.defaultConfiguration, settings: Self.settings,
                                       capacity: capacity, postingsAhead: postingsAhead, workers: workers)
                var handed: [String] = []
                try scan.forEach { handed.append(Self.describe($0)) }
                scan.stop()
                #expect(handed == expected, "capacity \(capacity), \(postingsAhead) postings, \(workers) workers")
            }
        }
    }

    /// While no term waits, the writer's other work runs a part at a time until it says there is none now; it
    /// is asked again only after the next term (not in a busy loop), and every term still comes, in order.
    @Test func runsOtherWorkWhileNoTermWaits() throws {
        let (folder, index, expected) = try Self.indexAndTerms(seed: 77)
        defer { withExtendedLifetime(folder) {} }
        let scan = RankingScan(path: index.path, configuration: NoteIndex.defaultConfiguration, settings: Self.settings,
                               capacity: 2)
        var handed: [String] = []
        var parts = 0
        var callsAfterDone = 0
        try scan.forEach({ handed.append(Self.describe($0)) }, whenIdle: {
            if parts == 5 { callsAfterDone += 1; return false }
            parts += 1
            return true
        })
        scan.stop()
        #expect(handed == expected)
        #expect(parts == 5)
        #expect(callsAfterDone <= expected.count + 1)
    }

    /// A writer that stops taking terms early ends the scan's thread; a scan that cannot open the index
    /// reports why.
    @Test func stopsEarlyAndReportsFailures() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        var corpus = TopKCorpus(seed: 5)
        try index.transaction { for number in 0..<300 { try index.save(corpus.note(number)) } }
        let scan = RankingScan(path: index.path, configuration: NoteIndex.defaultConfiguration, settings: Self.settings,
                               capacity: 1)
        var taken = 0
        struct Enough: Error {}
        #expect(throws: Enough.self) { try scan.forEach { _ in taken += 1; if taken == 2 { throw Enough() } } }
        scan.stop()
        #expect(taken == 2)
        let missing = RankingScan(path: folder.database + "-missing/none.sqlite", configuration: NoteIndex.defaultConfiguration,
                                  settings: Self.settings)
        #expect(throws: (any Error).self) { try missing.forEach { _ in } }
        missing.stop()
    }

    /// An index of 300 generated notes in a folder of its own, and its tracked terms as the writer computes
    /// them itself.
    private static func indexAndTerms(seed: UInt64) throws -> (TestFolder, NoteIndex, [String]) {
        let folder = TestFolder()
        let index = try folder.openIndex()
        var corpus = TopKCorpus(seed: seed)
        try index.transaction { for number in 0..<300 { try index.save(corpus.note(number)) } }
        var expected: [String] = []
        try RankingTables.collect(index.connection, settings: settings) { expected.append(describe($0)) }
        return (folder, index, expected)
    }

    private static func describe(_ tracked: RankingTables.TrackedTerm) -> String {
        let head = tracked.head.map { "\($0.note):\($0.frequency):\($0.size)" }.joined(separator: ",")
        return "\(tracked.term) \(tracked.documents) \(tracked.frontier) [\(head)] \(tracked.postings)"
    }
}
