/// One FTS5 position list read position by position where it lies, with nothing decoded into an array: `1`
/// then a column number starts a column; any other varint `v` is the offset `v − 2` after the one before in the
/// column (31 bits, as FTS5 masks it). Positions come in FTS5's order: by column, then by offset.
struct PositionStream {
    private var offset: Int
    private let end: Int
    private var column: UInt64 = 0
    private var position: UInt64 = 0
    /// The current position, as `column << 32 | offset`.
    private(set) var key: UInt64 = 0
    /// Whether the stream has moved past its last position.
    private(set) var isDone = false

    /// A stream before the first position of the list at `range`; ``next(_:)`` moves it onto the first.
    init(_ range: Range<Int>) {
        offset = range.lowerBound
        end = range.upperBound
    }

    /// Moves to the next position, or past the last (``isDone``); `false` when the list does not decode.
    @inline(__always)
    mutating func next(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        while offset < end {
            guard let value = SegmentPostings.varint(bytes, &offset), offset <= end else { return false }
            if value == 1 {
                guard let next = SegmentPostings.varint(bytes, &offset), offset <= end, next < 1 << 31 else { return false }
                column = next
                position = 0
                continue
            }
            guard value >= 2 else { return false }
            position = (position &+ (value - 2)) & 0x7FFF_FFFF
            key = column << 32 | position
            return true
        }
        isDone = true
        return true
    }
}
