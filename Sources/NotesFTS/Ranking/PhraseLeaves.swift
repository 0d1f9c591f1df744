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
    /// doclists the walk is split into parts by note id, one for about every `partBytes` bytes, walked by two
    /// threads at once (``inParts(_:slots:bounds:)``).
    static func rows(of tokens: [String], _ db: Connection, _ statistics: MatchStatistics,
                     splitFrom: Int = splitFromBytes, partBytes: Int = partBytes) throws -> [MatchStatistics.Row]? {
        guard !tokens.isEmpty, statistics.sizesFromTable, !db.isWriting, !db.isAutocommit else { return nil }
        let leaves = try SegmentPostings.of(db)
        defer { leaves.resetStatements() }
        var walk = Walk()
        // The room kept with the connection, given back once the walk is done (and its parts with it).
        swap(&walk.bytes, &leaves.walkBytes)
        walk.bytes.removeAll(keepingCapacity: true)
        defer { swap(&walk.bytes, &leaves.walkBytes) }
        let slots: [Int]
        switch try walk.read(tokens, leaves) {
        case .slots(let found): slots = found
        case .matchesNothing: return []
        case .undecodable: return nil
        }
        let parts = min(max(walk.bytes.count / max(partBytes, 1), 2), maximumParts)
        guard walk.bytes.count >= splitFrom, let bounds = walk.bounds(parts: parts) else { return walk.instances(slots: slots) }
        return inParts(walk, slots: slots, bounds: bounds)
    }

    /// Doclists of this many bytes or more (over the tokens and segments) are walked in parts by two threads.
    static let splitFromBytes = 1 << 20
    /// The doclist bytes of a part, about: `"read itparox"` at 1,000,000 notes (2.7 MB) is walked in 21 parts.
    static let partBytes = 128 << 10
    /// The most parts a walk is split into.
    static let maximumParts = 64

    /// The walk in parts by note id (`bounds` are where each part after the first starts), taken in turn by the
    /// query's thread and a thread of its own, each part from its own cursors over the same bytes, which
    /// neither changes. Two fixed halves left one thread waiting for the other: at 1,000,000 notes the half
    /// walked on the other core took 3.95 ms (median) where the query's took 2.89, its caches cold to the bytes
    /// the query's core had just read; a thread that finishes a part takes the next one left.
    private static func inParts(_ walk: Walk, slots: [Int], bounds: [Int64]) -> [MatchStatistics.Row]? {
        let parts = Parts(walk: walk, slots: slots, bounds: bounds)
        let thread = Thread {
            parts.walkParts()
            parts.done.signal()
        }
        thread.start()
        parts.walkParts()
        parts.done.wait()
        return parts.rows()
    }

    /// The parts of a walk and what each gave. Sendable by construction: the walk is read by both threads and
    /// changed by neither, the next part and the results are taken and set under `lock`, and the query's thread
    /// reads the results only after `done` is signalled.
    private final class Parts: @unchecked Sendable {
        let walk: Walk
        let slots: [Int]
        let bounds: [Int64]
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var next = 0
        private var failed = false
        private var found: [[MatchStatistics.Row]?]

        init(walk: Walk, slots: [Int], bounds: [Int64]) {
            self.walk = walk
            self.slots = slots
            self.bounds = bounds
            found = Array(repeating: nil, count: bounds.count + 1)
        }

        /// Walks the parts left, one at a time, until none is (or one did not decode).
        func walkParts() {
            while let part = take() {
                // The first part has no lower bound and the last no upper one: `id < Int64.max` would leave out
                // a note of that id.
                let rows = walk.instances(slots: slots, from: part == 0 ? .min : bounds[part - 1],
                                          below: part < bounds.count ? bounds[part] : nil)
                lock.withLock {
                    found[part] = rows
                    if rows == nil { failed = true }
                }
            }
        }

        /// The next part no thread has taken, or `nil` when there is none or a part did not decode.
        private func take() -> Int? {
            lock.withLock {
                guard !failed, next < found.count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        /// The parts' notes in order; `nil` when one did not decode.
        func rows() -> [MatchStatistics.Row]? {
            lock.withLock {
                var all: [MatchStatistics.Row] = []
                for part in found {
                    guard let part else { return nil }
                    all += part
                }
                return all
            }
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

        /// Where each part after the first starts when the lead's doclists are cut into `parts` of about as
        /// many bytes each, at their page starts (a rowid written whole, where a part's cursors can skip to),
        /// ascending; `nil` when no page start falls between. Cut by bytes rather than by equal spans of ids, a
        /// note id far from the others (ids given by an app, or the smallest and largest SQLite allows) does
        /// not leave nearly every note in one part.
        func bounds(parts: Int) -> [Int64]? {
            guard let lead, parts > 1 else { return nil }
            var starts = bytes.withUnsafeBufferPointer { bytes in tokens[lead].flatMap { cursors[$0].pageStarts(bytes) } }
            starts.sort { $0.rowid < $1.rowid }
            let total = starts.reduce(0) { $0 + $1.bytes }
            guard total > 0, let first = starts.first?.rowid else { return nil }
            var bounds: [Int64] = [], seen = 0, part = 1
            for start in starts {
                // A part ends at the first page start where the bytes before it reach its share.
                if seen * parts >= total * part, start.rowid > bounds.last ?? first, start.rowid < .max {
                    bounds.append(start.rowid)
                    while part < parts && seen * parts >= total * part { part += 1 }
                    if bounds.count == parts - 1 { break }
                }
                seen += start.bytes
            }
            return bounds.isEmpty ? nil : bounds
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
