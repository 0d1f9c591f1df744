/// Where one token position of a column starts and ends, in bytes: what ``ColumnSnippet/feeding(tokens:)``
/// hands a ``SnippetSpan`` when a column's tokens were read once already. One value a position, so a scan
/// records a token with one append.
package struct TokenOffsets: Sendable, Equatable {
    /// The token's first byte.
    package var start: Int32
    /// One past its last byte.
    package var end: Int32

    /// The offsets `start..<end`.
    @inlinable package init(start: Int32, end: Int32) {
        self.start = start
        self.end = end
    }
}
