import Foundation

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
        var offsets: [Int] = []
        guard let header = bytes.withUnsafeBufferPointer({ page in Self.header(page) { offsets.append($0) } }) else { return nil }
        self.bytes = bytes
        (firstRowid, footer) = header
        termOffsets = offsets
    }

    /// Reads a page's header and calls `term` with each term offset of its footer in order; `nil` when they do
    /// not describe a page (the checks ``init(_:)`` makes, for a page read in place).
    @inline(__always)
    static func header(_ page: UnsafeBufferPointer<UInt8>, _ term: (Int) -> Void) -> (firstRowid: Int, footer: Int)? {
        guard page.count >= 4 else { return nil }
        let firstRowid = Int(page[0]) << 8 | Int(page[1])
        let footer = Int(page[2]) << 8 | Int(page[3])
        guard footer >= 4, footer <= page.count, firstRowid == 0 || (firstRowid >= 4 && firstRowid < footer) else { return nil }
        var at = footer, offset = 0, first = true
        while at < page.count {
            guard let delta = Varint.read(page, &at), delta > 0 || first, delta < UInt64(footer) else { return nil }
            offset += Int(delta)
            guard offset >= 4, offset < footer else { return nil }
            term(offset)
            first = false
        }
        return (firstRowid, footer)
    }

    /// What a page read in place holds of a doclist continued from the page before: the offset of its first
    /// rowid (0: none), where the continued part ends (the first term's offset, or the footer), and whether a
    /// term starts on the page (then the doclist ends on it). `nil` when the page does not decode. A long
    /// doclist's pages are read through this without copying each page into an array first.
    static func continuation(_ page: UnsafeBufferPointer<UInt8>) -> (firstRowid: Int, end: Int, endsHere: Bool)? {
        var firstTerm: Int?
        guard let header = header(page, { offset in if firstTerm == nil { firstTerm = offset } }) else { return nil }
        return (header.firstRowid, firstTerm ?? header.footer, firstTerm != nil)
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

    /// Calls `visit` with each term starting on the page in order (its bytes, valid during the call only: one
    /// buffer is rebuilt from term to term, as FTS5 shares prefixes), the part of the page its doclist holds
    /// (up to the next term, or the footer for the last one, whose doclist may go on) and its place on the page, until `visit` returns `false`. Returns whether it
    /// went through every term, or `nil` when the terms do not decode. A walk looking for a few terms copies
    /// only those: an array a term cost 0.36 M instructions of `read*` at 100,000 notes.
    func forEachTerm(_ visit: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) -> Bool) -> Bool? {
        guard !termOffsets.isEmpty else { return true }
        let footer = footer, offsets = termOffsets
        return bytes.withUnsafeBufferPointer { page -> Bool? in
            // A term is at most the page's bytes long: the first is stored whole on it, and each later one
            // keeps part of the one before and adds bytes of its own from the page.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: page.count) { term -> Bool? in
                guard let room = term.baseAddress, let source = page.baseAddress else { return nil }
                var length = 0
                for index in offsets.indices {
                    var offset = offsets[index]
                    let kept: Int
                    if index == 0 {
                        kept = 0
                    } else {
                        guard let shared = Varint.read(page, &offset), shared <= UInt64(length) else { return nil }
                        kept = Int(shared)
                    }
                    guard let added = Varint.read(page, &offset), added <= UInt64(footer - offset) else { return nil }
                    let rest = Int(added)
                    (room + kept).update(from: source + offset, count: rest)
                    length = kept + rest
                    offset += rest
                    let next = index + 1 < offsets.count ? offsets[index + 1] : footer
                    guard offset <= next else { return nil }
                    if !visit(UnsafeBufferPointer(start: room, count: length), offset..<next, index) { return false }
                }
                return true
            }
        }
    }

    /// Whether `term` comes before `key` in byte order (a term that is a prefix of the other comes first), as
    /// `lexicographicallyPrecedes` says, by one `memcmp`.
    @inline(__always)
    static func precedes(_ term: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(term.count, key.count)
        if common > 0, let left = term.baseAddress, let right = key.baseAddress {
            let order = memcmp(left, right, common)
            if order != 0 { return order < 0 }
        }
        return term.count < key.count
    }

    /// Looks for `key` (index prefix and term bytes) among the terms starting on the page; `nil` when the
    /// terms do not decode (every term is decoded, found or not). Walks the terms in place
    /// (``forEachTerm(_:)``) rather than copying each into an array: a phrase looks for each of its words on
    /// one page of every segment.
    func find(_ key: [UInt8]) -> Lookup? {
        var found: Lookup?
        let last = termOffsets.count - 1
        let decoded = key.withUnsafeBufferPointer { key in
            forEachTerm { term, doclist, index in
                if found == nil && !Self.precedes(term, key) {
                    found = Self.precedes(key, term) ? .absent
                        : .found(start: doclist.lowerBound, end: doclist.upperBound, endsHere: index < last)
                }
                return true
            }
        }
        guard decoded != nil else { return nil }
        return found ?? .absent
    }
}
