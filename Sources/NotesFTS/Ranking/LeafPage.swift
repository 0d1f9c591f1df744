/// One leaf page of an FTS5 segment (a row of `notes_fts_data`), in the format SQLite 3.40 writes (the
/// "Segment leaves" comment of `ext/fts5/fts5_index.c`): a 4-byte header, then terms and doclists, then a
/// footer of term offsets.
///
/// - The header is two big-endian 16-bit numbers: the offset of the first rowid on the page when a doclist
///   continues onto it (else 0), and the offset of the footer.
/// - Each term is prefixed by the index it belongs to (`"0"` for the main index). The first term on a page is
///   stored whole (its length, then its bytes); each later one as the bytes it shares with the one before,
///   the length of the rest, and the rest. The term's doclist follows it.
/// - The footer holds one SQLite varint per term starting on the page: the first term's offset, then the
///   distance from the previous term's.
///
/// Only reads: ``SegmentPostings`` walks a term's doclist through these.
struct LeafPage {
    let bytes: [UInt8]
    /// Where the footer starts: the end of the terms and doclists.
    let footer: Int
    /// The offset of the first rowid, when a doclist continues onto the page (0: none).
    let firstRowid: Int
    /// The offsets of the terms that start on the page.
    let termOffsets: [Int]

    /// Reads the header and the footer of `bytes`; `nil` when they do not describe a page.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 4 else { return nil }
        self.bytes = bytes
        firstRowid = Int(bytes[0]) << 8 | Int(bytes[1])
        footer = Int(bytes[2]) << 8 | Int(bytes[3])
        guard footer >= 4, footer <= bytes.count, firstRowid == 0 || (firstRowid >= 4 && firstRowid < footer) else { return nil }
        var offsets: [Int] = []
        var reader = VarintReader(bytes: bytes, offset: footer)
        var offset = 0
        while !reader.isAtEnd {
            guard let delta = reader.next(), delta > 0 || offsets.isEmpty, delta < footer else { return nil }
            offset += delta
            guard offset >= 4, offset < footer else { return nil }
            offsets.append(offset)
        }
        termOffsets = offsets
    }

    /// Where the doclist continued from the previous page ends: the first term's offset, or the footer.
    var continuationEnd: Int { termOffsets.first ?? footer }

    /// What looking for a term on the page found.
    enum Lookup: Equatable {
        /// The term's doclist spans `start..<end` of the page; `endsHere` is `false` when it goes on to the
        /// next page (no later term on this one).
        case found(start: Int, end: Int, endsHere: Bool)
        /// The term is not in the segment (a larger term comes first, or none is left on the page).
        case absent
    }

    /// Every term starting on the page (index prefix and term bytes) with the part of the page its doclist
    /// holds (up to the next term, or the footer for the last one, whose doclist may go on); `nil` when the
    /// terms do not decode.
    func terms() -> [(term: [UInt8], doclist: Range<Int>)]? {
        var result: [(term: [UInt8], doclist: Range<Int>)] = []
        guard forEachTerm({ term, doclist, _ in
            result.append((Array(term), doclist))
            return true
        }) != nil else { return nil }
        return result
    }

    /// Calls `visit` with each term starting on the page in order (its bytes, valid during the call only: one
    /// buffer is rebuilt from term to term, as FTS5 shares prefixes), the part of the page its doclist holds
    /// (as ``terms()`` gives it) and its place on the page, until `visit` returns `false`. Returns whether it
    /// went through every term, or `nil` when the terms do not decode. A walk looking for a few terms copies
    /// only those: an array a term cost 0.36 M instructions of `read*` at 100,000 notes.
    func forEachTerm(_ visit: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) -> Bool) -> Bool? {
        var term: [UInt8] = []
        term.reserveCapacity(64)
        for (index, start) in termOffsets.enumerated() {
            var reader = VarintReader(bytes: bytes, offset: start)
            if index == 0 {
                guard let length = reader.next(), length <= footer - reader.offset else { return nil }
                term.append(contentsOf: bytes[reader.offset..<reader.offset + length])
                reader = VarintReader(bytes: bytes, offset: reader.offset + length)
            } else {
                guard let shared = reader.next(), let length = reader.next(), shared <= term.count,
                      length <= footer - reader.offset else { return nil }
                term.removeSubrange(shared...)
                term.append(contentsOf: bytes[reader.offset..<reader.offset + length])
                reader = VarintReader(bytes: bytes, offset: reader.offset + length)
            }
            let next = index + 1 < termOffsets.count ? termOffsets[index + 1] : footer
            guard reader.offset <= next else { return nil }
            let goOn = term.withUnsafeBufferPointer { visit($0, reader.offset..<next, index) }
            if !goOn { return false }
        }
        return true
    }

    /// Looks for `key` (index prefix and term bytes) among the terms starting on the page; `nil` when the
    /// terms do not decode.
    func find(_ key: [UInt8]) -> Lookup? {
        guard let terms = terms() else { return nil }
        for (index, entry) in terms.enumerated() {
            if entry.term == key {
                return .found(start: entry.doclist.lowerBound, end: entry.doclist.upperBound, endsHere: index + 1 < terms.count)
            }
            if !entry.term.lexicographicallyPrecedes(key) { return .absent }
        }
        return .absent
    }
}
