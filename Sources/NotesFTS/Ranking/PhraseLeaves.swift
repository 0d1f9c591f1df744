import Foundation
import SQLiteKit

/// The notes a phrase (or one word) matches, with the weighted frequency of its instances in each, read
/// straight from FTS5's leaves with no FTS5 query: each token's doclist once
/// (``SegmentPostings/doclists(from:through:)``, in any state FTS5 leaves the segments in), the notes holding
/// every token found by stepping through the lists together (the shortest leads, the others skip ahead to its
/// ids), and the phrase's instances counted from those notes' position lists as FTS5 counts them.
///
/// FTS5 itself walks a phrase note by note over a cursor for each token in each segment, about 2,000
/// instructions a note holding every token (`"read itparox"` at 1,000,000 notes: 66,000 such notes for 243
/// matches). Here a note that holds one token but not the others costs a varint or two, and one holding all of
/// them the decoding of its position lists.
///
/// An instance, as FTS5 finds one (`fts5ExprPhraseIsMatch`): a position `p` of the first token such that the
/// `i`-th token is at `p + i` in the same column. Its weight is its column's (``Schema/rankWeights``, columns
/// after the third as the third, as ``RowStatisticsFunctions`` counts them).
enum PhraseLeaves {
    /// The notes holding the phrase of `tokens` (FTS5's query tokens, in order; one token is a word), ascending
    /// ids, with their weighted frequencies and sizes left out (``MatchStatistics/completeSizes(_:_:)`` reads
    /// them); `nil` when the leaves cannot say here, and FTS5 walks it instead: sizes not in ``SizeBlocks``, a
    /// write open on `db` (FTS5 keeps its terms in memory until it flushes them), no read transaction open (the
    /// doclists would be of different snapshots), or a doclist that does not decode. From `splitFrom` bytes of
    /// doclists the walk is split in two halves, walked at once.
    static func rows(of tokens: [String], _ db: Connection, _ statistics: MatchStatistics,
                     splitFrom: Int = splitFromBytes) throws -> [MatchStatistics.Row]? {
        guard !tokens.isEmpty, statistics.sizesFromTable, !db.isWriting, !db.isAutocommit else { return nil }
        let leaves = try SegmentPostings.of(db)
        defer { leaves.resetStatements() }
        var walk = Walk()
        // The room kept with the connection, given back once the walk is done (and its halves with it).
        swap(&walk.bytes, &leaves.walkBytes)
        walk.bytes.removeAll(keepingCapacity: true)
        defer { swap(&walk.bytes, &leaves.walkBytes) }
        let slots: [Int]
        switch try walk.read(tokens, leaves) {
        case .slots(let found): slots = found
        case .matchesNothing: return []
        case .undecodable: return nil
        }
        guard walk.bytes.count >= splitFrom, let middle = walk.middle() else { return walk.instances(slots: slots) }
        return inHalves(walk, slots: slots, middle: middle)
    }

    /// Doclists of this many bytes or more (over the tokens and segments) are walked in two halves at once.
    static let splitFromBytes = 1 << 20

    /// The walk in two halves by note id, the upper one on a thread of its own: each steps through about half
    /// of every doclist, from its own cursors over the same bytes, which neither changes.
    private static func inHalves(_ walk: Walk, slots: [Int], middle: Int64) -> [MatchStatistics.Row]? {
        let upper = UpperHalf(walk: walk, slots: slots, from: middle)
        let thread = Thread { upper.run() }
        thread.start()
        let lower = walk.instances(slots: slots, below: middle)
        upper.done.wait()
        guard let lower, let higher = upper.rows else { return nil }
        return lower + higher
    }

    /// The upper half, walked on its own thread. Sendable by construction: the walk is read by both threads and
    /// changed by neither, and the thread that starts it reads `rows` only after `done` is signalled.
    private final class UpperHalf: @unchecked Sendable {
        let walk: Walk
        let slots: [Int]
        let from: Int64
        let done = DispatchSemaphore(value: 0)
        var rows: [MatchStatistics.Row]?

        init(walk: Walk, slots: [Int], from: Int64) {
            self.walk = walk
            self.slots = slots
            self.from = from
        }

        func run() {
            rows = walk.instances(slots: slots, from: from)
            done.signal()
        }
    }

    /// The doclists of a phrase's distinct tokens: each token's cursors (one a segment holding it, newest
    /// first) over one buffer of their bytes.
    struct Walk {
        var bytes: [UInt8] = []
        var cursors: [DoclistCursor] = []
        /// Each distinct token's cursors in ``cursors``.
        var tokens: [Range<Int>] = []
        /// Each distinct token's doclist bytes over its segments.
        var sizes: [Int] = []

        /// What ``read(_:_:)`` found.
        enum Reading: Equatable {
            /// The doclists are read: the phrase's `i`-th token is distinct token `slots[i]`.
            case slots([Int])
            /// A token no segment holds: the phrase matches nothing.
            case matchesNothing
            /// The structure record, a page or a term does not decode, or a token is one FTS5 stores cut.
            case undecodable
        }

        /// Reads the doclists of `tokens`' distinct tokens from every segment into this walk (empty before),
        /// newest segment first for each token: where a note is in several, the newest entry is FTS5's.
        mutating func read(_ tokens: [String], _ leaves: SegmentPostings) throws -> Reading {
            guard let structure = try leaves.structure() else { return .undecodable }
            // Level 0 before level 1, and within a level the last segment first.
            let segments = structure.levels.flatMap { $0.segments.reversed() }
            var distinct: [String] = []
            for token in tokens where !distinct.contains(token) {
                guard let key = SegmentPostings.key(of: token) else { return .undecodable }
                let first = cursors.count, before = bytes.count
                for segment in segments {
                    let start = bytes.count
                    guard let whole = try leaves.appendDoclist(of: key, in: segment, to: &bytes) else { return .undecodable }
                    if bytes.count > start { cursors.append(DoclistCursor(start..<bytes.count, whole: whole)) }
                }
                if cursors.count == first { return .matchesNothing }
                self.tokens.append(first..<cursors.count)
                sizes.append(bytes.count - before)
                distinct.append(token)
            }
            return .slots(tokens.map { token in distinct.firstIndex(of: token) ?? 0 })
        }

        /// The token with the fewest bytes, which leads the walk.
        var lead: Int? { sizes.indices.min { sizes[$0] < sizes[$1] } }

        /// An id about halfway through the lead's notes (from the first and last page starts of its
        /// segments); `nil` when they span no range.
        func middle() -> Int64? {
            guard let lead else { return nil }
            let spans = bytes.withUnsafeBufferPointer { bytes in tokens[lead].compactMap { cursors[$0].wholeRowids(bytes) } }
            guard let low = spans.map(\.first).min(), let high = spans.map(\.last).max(), high > low, high < .max else { return nil }
            let (span, overflow) = high.subtractingReportingOverflow(low)
            return overflow ? nil : low + span / 2 + 1
        }

        /// The notes where the phrase whose `i`-th token is distinct token `slots[i]` occurs, with the weighted
        /// count of its instances, among the notes from `from` and below `below` (when given); `nil` when a
        /// doclist or a position list does not decode. The token with the fewest bytes leads: its notes in order
        /// over its segments (``MergedDoclist``); each other token seeks each of them, and its position lists are
        /// read only where every token holds the note.
        func instances(slots: [Int], from: Int64 = .min, below: Int64? = nil) -> [MatchStatistics.Row]? {
            guard let lead else { return [] }
            if tokens.count == 2, slots.count == 2 { return pairInstances(lead: lead, slots: slots, from: from, below: below) }
            var cursors = self.cursors
            var merged = tokens.map { MergedDoclist($0) }
            var found = [Range<Int>](repeating: 0..<0, count: tokens.count)
            var phrase = [Range<Int>](repeating: 0..<0, count: slots.count)
            var rows: [MatchStatistics.Row] = []
            let decoded = bytes.withUnsafeBufferPointer { bytes in
                cursors.withUnsafeMutableBufferPointer { cursors -> Bool in
                    merged.withUnsafeMutableBufferPointer { merged -> Bool in
                        found.withUnsafeMutableBufferPointer { found -> Bool in
                            phrase.withUnsafeMutableBufferPointer { phrase -> Bool in
                                if from > .min {
                                    for index in cursors.indices { cursors[index].skipPages(below: from, bytes) }
                                }
                                for token in merged.indices { guard merged[token].start(cursors, bytes) else { return false } }
                                guard merged[lead].seek(from, cursors, bytes) else { return false }
                                // No upper bound unless one is given: `id < Int64.max` would leave out a
                                // note of that id.
                                next: while !merged[lead].isDone && below.map({ merged[lead].id < $0 }) ?? true {
                                    let id = merged[lead].id
                                    found[lead] = merged[lead].positions(cursors)
                                    guard merged[lead].advance(cursors, bytes) else { return false }
                                    // A delete: the note no longer holds the lead.
                                    if found[lead].isEmpty { continue }
                                    for token in merged.indices where token != lead {
                                        guard merged[token].seek(id, cursors, bytes) else { return false }
                                        if merged[token].isDone || merged[token].id != id || merged[token].positions(cursors).isEmpty {
                                            continue next
                                        }
                                        found[token] = merged[token].positions(cursors)
                                    }
                                    for index in slots.indices { phrase[index] = found[slots[index]] }
                                    guard let frequency = PhraseInstances.weighted(bytes, UnsafeBufferPointer(phrase)) else {
                                        return false
                                    }
                                    if frequency > 0 { rows.append(MatchStatistics.Row(id: id, frequency: frequency, size: -1)) }
                                }
                                return true
                            }
                        }
                    }
                }
            }
            return decoded ? rows : nil
        }
    }
}
