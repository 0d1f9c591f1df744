/// One term's doclists in several segments (``DoclistCursor``s, newest segment first) read as FTS5 reads them:
/// in note order, and for a note in several segments only its newest entry (an update or a delete since the
/// older one was written). A delete is kept as an entry with no position: it says the note no longer holds
/// the term.
///
/// A segment holds a range of note ids, and the ranges of a fresh index do not overlap, so the next entry is
/// almost always the next one of the segment that gave the last: it is taken without looking at the others
/// while it stays below the smallest id the others are at. Only then are all the segments compared (at 1,000,000
/// notes a term is in up to 14 of them).
struct MergedDoclist {
    private let range: Range<Int>
    /// The cursor the current entry is from.
    private var source = 0
    /// The smallest id the other cursors are at (`Int64.max` when all are done).
    private var othersFrom = Int64.max
    /// The current entry's note id.
    private(set) var id: Int64 = 0
    /// Whether every entry has been read.
    private(set) var isDone = false

    /// The term whose cursors are `cursors[range]`, newest segment first.
    init(_ range: Range<Int>) {
        self.range = range
    }

    /// Where the current entry's position list lies in the buffer (empty for a delete), read from the cursor it
    /// is from: a walk that needs it for a few of the notes it passes does not copy it at every step (a copy of
    /// the range just written by the step's two stores stalls the load that reads it whole).
    @inline(__always)
    func positions(_ cursors: UnsafeMutableBufferPointer<DoclistCursor>) -> Range<Int> {
        cursors[source].positions
    }

    /// Moves each cursor onto its first entry, and this onto the first note; `false` when a doclist does not
    /// decode.
    mutating func start(_ cursors: UnsafeMutableBufferPointer<DoclistCursor>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in range { guard cursors[index].step(bytes) else { return false } }
        return resolve(cursors, bytes)
    }

    /// Moves to the next note; `false` when a doclist does not decode.
    @inline(__always)
    mutating func advance(_ cursors: UnsafeMutableBufferPointer<DoclistCursor>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !isDone else { return true }
        guard cursors[source].step(bytes) else { return false }
        return take(cursors, bytes)
    }

    /// Moves to the first note whose id is `target` or above; `false` when a doclist does not decode.
    mutating func seek(_ target: Int64, _ cursors: UnsafeMutableBufferPointer<DoclistCursor>,
                       _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        while !isDone && id < target {
            if target <= othersFrom {
                // Every entry of the source below `target` is below all the others are at: no other segment
                // holds those notes, so they are stepped over in the source alone.
                guard cursors[source].seek(target, bytes) else { return false }
                return take(cursors, bytes)
            }
            guard advance(cursors, bytes) else { return false }
        }
        return true
    }

    /// Hands `body` every entry from the current one up to (not including) the first whose id is `limit` or
    /// above (its id and position range; empty for a delete), and stops there; `false` when a doclist does
    /// not decode. Runs of common entries from one segment are read in the cursor's own loop
    /// (``DoclistCursor/scanCommon(below:_:_:)``), not a step and a comparison of the segments each.
    @inline(__always)
    mutating func forEach(below limit: Int64, _ cursors: UnsafeMutableBufferPointer<DoclistCursor>,
                          _ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int64, Range<Int>) -> Void) -> Bool {
        while !isDone && id < limit {
            body(id, cursors[source].positions)
            switch cursors[source].scanCommon(below: Swift.min(othersFrom, limit), bytes, body) {
            case .stepped: guard take(cursors, bytes) else { return false }
            case .notCommon: guard advance(cursors, bytes) else { return false }
            }
        }
        return true
    }

    /// The source's current entry when it is below the others', else ``resolve(_:_:)``.
    @inline(__always)
    private mutating func take(_ cursors: UnsafeMutableBufferPointer<DoclistCursor>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !cursors[source].isDone && cursors[source].id < othersFrom {
            id = cursors[source].id
            return true
        }
        return resolve(cursors, bytes)
    }

    /// Compares all the cursors: the smallest id, from the newest segment holding it; the older entries of that
    /// note are stepped over.
    private mutating func resolve(_ cursors: UnsafeMutableBufferPointer<DoclistCursor>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var best = -1
        for index in range where !cursors[index].isDone {
            if best < 0 || cursors[index].id < cursors[best].id { best = index }
        }
        guard best >= 0 else {
            isDone = true
            return true
        }
        let smallest = cursors[best].id
        othersFrom = .max
        for index in range where index != best && !cursors[index].isDone {
            if cursors[index].id == smallest {
                guard cursors[index].step(bytes) else { return false }
                if cursors[index].isDone { continue }
            }
            othersFrom = min(othersFrom, cursors[index].id)
        }
        source = best
        id = smallest
        return true
    }
}
