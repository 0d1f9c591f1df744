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

    /// Before the first step: moves the cursor to the last page start (a rowid written whole) at or below
    /// `target`, so that a walk of the notes from `target` on does not step through the pages before it.
    mutating func skipPages(below target: Int64, _ bytes: UnsafeBufferPointer<UInt8>) {
        var low = nextWhole + 1, high = whole.count, last = nextWhole
        while low < high {
            let middle = (low + high) / 2
            if rowid(at: whole[middle], bytes) <= target {
                last = middle
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard last > nextWhole else { return }
        nextWhole = last
        nextWholeOffset = whole[last]
        offset = whole[last]
    }

    /// Each page start of the doclist (a rowid written whole), with the bytes from it to the next page start or
    /// the doclist's end; a rowid that does not decode reads as `Int64.max`.
    func pageStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [(rowid: Int64, bytes: Int)] {
        whole.indices.compactMap { index in
            let start = whole[index]
            guard start < end else { return nil }
            let stop = index + 1 < whole.count ? Swift.min(whole[index + 1], end) : end
            return (rowid(at: start, bytes), Swift.max(stop - start, 0))
        }
    }

    /// The rowid written whole at `offset` (`Int64.max` when it does not decode: a step there fails).
    private func rowid(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int64 {
        var at = offset
        guard at < end, let value = SegmentPostings.varint(bytes, &at) else { return .max }
        return Int64(bitPattern: value)
    }

    /// Moves to the next entry, or past the last (``isDone``); `false` when the doclist does not decode (an
    /// entry past its end, ids not ascending, a rowid written whole where none should be, or not where one
    /// should be).
    @inline(__always)
    mutating func step(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The common entry without the general walk's set-up; anything else (a rowid written whole, a longer
        // varint, a malformed entry) is read by the general walk.
        if started && offset < nextWholeOffset, let stop = Self.commonEntry(bytes, at: offset, end: end) {
            id &+= Int64(bytes[offset])
            positions = offset + 2..<stop
            offset = stop
            return true
        }
        return seek(.min, bytes, always: true)
    }

    /// Steps until the current entry's id is `target` or above, or past the last entry; `false` when the
    /// doclist does not decode.
    @inline(__always)
    mutating func seek(_ target: Int64, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !isDone, id < target else { return true }
        // The common entries first, in a loop of their own over two fields (``step(_:)``'s case); where one is
        // not common, the general walk goes on from it.
        if started {
            var offset = self.offset, id = self.id
            while offset < nextWholeOffset, let stop = Self.commonEntry(bytes, at: offset, end: end) {
                id &+= Int64(bytes[offset])
                if id >= target {
                    (self.offset, self.id, positions) = (stop, id, offset + 2..<stop)
                    return true
                }
                offset = stop
            }
            (self.offset, self.id) = (offset, id)
        }
        return seek(target, bytes, always: false)
    }

    /// What ``scanCommon(below:_:_:)`` stopped at.
    enum ScanStop {
        /// The cursor stepped onto an entry at or above the bound, not handed to the body.
        case stepped
        /// The next entry is not a common one (or there is none): the cursor is still on the last entry handed
        /// to the body (or the one it started on), for ``step(_:)`` to read the next.
        case notCommon
    }

    /// Steps through the common entries after the current one (``commonEntry(_:at:end:)``) in a loop over two
    /// locals, handing each whose id is below `limit` to `body` (its id and position range) and leaving the
    /// cursor on it; stops on the first at or above `limit` (``ScanStop/stepped``) or before the first that is
    /// not common (``ScanStop/notCommon``). A walk that visits every entry of a long doclist reads them this way
    /// without a call, and without storing the cursor's fields, an entry (``PhraseLeaves/Walk``'s bitmap walk).
    @inline(__always)
    mutating func scanCommon(below limit: Int64, _ bytes: UnsafeBufferPointer<UInt8>,
                             _ body: (Int64, Range<Int>) -> Void) -> ScanStop {
        guard started, !isDone else { return .notCommon }
        var offset = self.offset, id = self.id, last = positions
        defer { (self.offset, self.id, positions) = (offset, id, last) }
        // Up to `safe` a common entry (at most 2 + 63 bytes) ends within the doclist, so only its two bytes are
        // checked; past it, ``commonEntry(_:at:end:)`` checks the end too.
        let safe = Swift.min(nextWholeOffset, end - 65)
        while offset < safe {
            guard let stop = Self.commonStop(bytes, at: offset) else { return .notCommon }
            id &+= Int64(bytes[offset])
            last = offset + 2..<stop
            offset = stop
            if id >= limit { return .stepped }
            body(id, last)
        }
        while offset < nextWholeOffset, let stop = Self.commonEntry(bytes, at: offset, end: end) {
            id &+= Int64(bytes[offset])
            last = offset + 2..<stop
            offset = stop
            if id >= limit { return .stepped }
            body(id, last)
        }
        return .notCommon
    }

    /// Where the entry at `offset` ends when it is a common one: a rowid difference (not zero) and a size of one
    /// byte each, its position list within `end`. Nearly every entry of a long doclist is; ``step(_:)`` and
    /// ``seek(_:_:)`` read those without the general walk, when no page start (a rowid written whole) is at
    /// `offset`.
    @inline(__always)
    private static func commonEntry(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int) -> Int? {
        guard offset + 2 <= end, let stop = commonStop(bytes, at: offset) else { return nil }
        return stop <= end ? stop : nil
    }

    /// Where the entry at `offset` ends when its two first bytes are those of a common one
    /// (``commonEntry(_:at:end:)``), without checking the doclist's end: the caller knows both bytes and the
    /// longest common entry (2 + 63 bytes) lie within it.
    @inline(__always)
    private static func commonStop(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let difference = bytes[offset], size = bytes[offset + 1]
        guard difference | size < 0x80 && difference > 0 else { return nil }
        return offset &+ 2 &+ Int(size >> 1)
    }

    /// Steps (at least once when `always`) until the id is `target` or above. The entries passed over are
    /// decoded in locals, and the cursor's fields written once, where it stops.
    @inline(__always)
    private mutating func seek(_ target: Int64, _ bytes: UnsafeBufferPointer<UInt8>, always: Bool) -> Bool {
        guard !isDone, always || id < target else { return true }
        var offset = self.offset, id = self.id, started = self.started
        var nextWhole = self.nextWhole, nextWholeOffset = self.nextWholeOffset
        defer {
            self.offset = offset
            self.id = id
            self.started = started
            self.nextWhole = nextWhole
            self.nextWholeOffset = nextWholeOffset
        }
        while offset < end {
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
            let stop = offset + Int(size >> 1)
            defer { offset = stop }
            if id >= target {
                positions = offset..<stop
                return true
            }
        }
        isDone = true
        return nextWhole == whole.count
    }
}
