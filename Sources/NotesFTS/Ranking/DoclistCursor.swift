/// One term's doclist in one segment, read entry by entry in note order where it lies (its pages' parts joined
/// by ``SegmentPostings/appendDoclist(of:in:to:)``), with nothing decoded into arrays: a walk that only needs
/// the notes of a few ids from a long doclist steps over the others for two varints each.
///
/// FTS5's format: each entry is a rowid (written whole for the doclist's first entry and each later page's
/// first, as the difference from the one before otherwise), then `2 × size + delete flag`, then `size` bytes of
/// position list; an entry with no position (a delete) means the note no longer holds the term.
struct DoclistCursor {
    private let end: Int
    /// The offsets where a rowid is written whole.
    private let whole: [Int]
    private var nextWhole = 0
    /// `whole[nextWhole]`, or `Int.max` past the last: the one figure a step compares.
    private var nextWholeOffset: Int
    private var offset: Int
    private var started = false
    /// The current entry's note id.
    private(set) var id: Int64 = 0
    /// Where the current entry's position list lies (empty for a delete).
    private(set) var positions: Range<Int> = 0..<0
    /// Whether the cursor has stepped past the last entry.
    private(set) var isDone = false

    /// A cursor before the first entry of the doclist at `range` of the buffer, with rowids written whole at
    /// the offsets `whole` (the first of them `range.lowerBound`); ``step(_:)`` moves it onto the first entry.
    init(_ range: Range<Int>, whole: [Int]) {
        offset = range.lowerBound
        end = range.upperBound
        self.whole = whole
        nextWholeOffset = whole.first ?? .max
    }

    /// Moves to the next entry, or past the last (``isDone``); `false` when the doclist does not decode (an
    /// entry past its end, ids not ascending, a rowid written whole where none should be, or not where one
    /// should be).
    @inline(__always)
    mutating func step(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset < end else {
            isDone = true
            return nextWhole == whole.count
        }
        let isWhole = nextWholeOffset == offset
        if isWhole {
            nextWhole += 1
            nextWholeOffset = nextWhole < whole.count ? whole[nextWhole] : .max
        } else if nextWholeOffset < offset {
            return false
        }
        guard let value = SegmentPostings.varint(bytes, &offset), let size = SegmentPostings.varint(bytes, &offset),
              offset <= end, size >> 1 <= UInt64(end - offset) else { return false }
        if isWhole {
            guard !started || Int64(bitPattern: value) > id else { return false }
            id = Int64(bitPattern: value)
        } else {
            guard started, value > 0 else { return false }
            id &+= Int64(bitPattern: value)
        }
        started = true
        positions = offset..<(offset + Int(size >> 1))
        offset = positions.upperBound
        return true
    }

    /// Steps until the current entry's id is `target` or above, or past the last entry; `false` when the
    /// doclist does not decode.
    @inline(__always)
    mutating func seek(_ target: Int64, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        while !isDone && id < target {
            guard step(bytes) else { return false }
        }
        return true
    }
}
