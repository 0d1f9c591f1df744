/// The entries of a term's doclists, decoded where they lie and merged over the segments as FTS5 reads them
/// (``doclists(keysFrom:below:budget:)`` and the reads built on it).
extension SegmentPostings {
    /// Appends the entries of the doclist at `bytes[base...]` (rowids written whole at the offsets `whole`) to
    /// `entries`, with offsets into `bytes`; `false` when it does not decode. Entries with no position are
    /// kept: they hide the note's entries in older segments.
    static func appendEntries(_ bytes: [UInt8], from base: Int, whole: [Int], to entries: inout [Doclists.Entry]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            // Counted first, then written in place: an append an entry cost more than its decoding.
            var offset = base, total = 0
            while offset < bytes.count {
                guard varint(bytes, &offset) != nil, let size = varint(bytes, &offset),
                      size >> 1 <= UInt64(bytes.count - offset) else { return false }
                offset += Int(size >> 1)
                total += 1
            }
            let first = entries.count
            entries.append(contentsOf: repeatElement(Doclists.Entry(id: 0, start: 0, end: 0), count: total))
            return entries.withUnsafeMutableBufferPointer { out in
                var offset = base, nextWhole = 0, count = first
                var id: Int64 = 0
                let end = bytes.count
                while offset < end {
                    let isWhole = nextWhole < whole.count && whole[nextWhole] == offset
                    if isWhole { nextWhole += 1 } else if nextWhole < whole.count && whole[nextWhole] < offset { return false }
                    guard let value = varint(bytes, &offset), let size = varint(bytes, &offset),
                          size >> 1 <= UInt64(end - offset), count < out.count else { return false }
                    if isWhole {
                        guard count == first || Int64(bitPattern: value) > id else { return false }
                        id = Int64(bitPattern: value)
                    } else {
                        guard value > 0 else { return false }
                        id &+= Int64(bitPattern: value)
                    }
                    let stop = offset + Int(size >> 1)
                    out[count] = Doclists.Entry(id: id, start: Int32(offset), end: Int32(stop))
                    count += 1
                    offset = stop
                }
                return nextWhole == whole.count && count == out.count
            }
        }
    }

    /// The segments' entries (`staging[segments[i]]`, newest segment first) as FTS5 reads them, into `out`: in
    /// note order, a note's newest entry only, and no entry without positions. Merged two at a time, the
    /// newer entry kept where both hold a note, back and forth between `out` and `spare` (room kept from
    /// query to query: fresh room was faulted in page by page).
    static func merge(_ staging: [Doclists.Entry], _ segments: [Range<Int>], into out: inout [Doclists.Entry],
                      spare: inout [Doclists.Entry]) {
        guard let first = segments.first else { return }
        let total = segments.reduce(0) { $0 + $1.count }
        let zero = Doclists.Entry(id: 0, start: 0, end: 0)
        if out.count < total { out.append(contentsOf: repeatElement(zero, count: total - out.count)) }
        if spare.count < total { spare.append(contentsOf: repeatElement(zero, count: total - spare.count)) }
        var length = 0
        staging.withUnsafeBufferPointer { staged in
            out.withUnsafeMutableBufferPointer { outRoom in
                spare.withUnsafeMutableBufferPointer { spareRoom in
                    var current = outRoom, next = spareRoom
                    for index in first { current[length] = staged[index]; length += 1 }
                    for segment in segments.dropFirst() {
                        var a = 0, b = segment.lowerBound, n = 0
                        while a < length && b < segment.upperBound {
                            let x = current[a], y = staged[b]
                            if x.id <= y.id {
                                next[n] = x
                                a += 1
                                if x.id == y.id { b += 1 }
                            } else {
                                next[n] = y
                                b += 1
                            }
                            n += 1
                        }
                        while a < length { next[n] = current[a]; a += 1; n += 1 }
                        while b < segment.upperBound { next[n] = staged[b]; b += 1; n += 1 }
                        swap(&current, &next)
                        length = n
                    }
                    // Into `out`, without the entries that have no position.
                    var kept = 0
                    for index in 0..<length where current[index].start < current[index].end {
                        outRoom[kept] = current[index]
                        kept += 1
                    }
                    length = kept
                }
            }
        }
        out.removeSubrange(length...)
    }

    /// The SQLite varint at `offset` (advanced past it), one or two bytes read inline: a position list's
    /// deltas in a note of a few hundred tokens take two bytes as often as one.
    @inline(__always)
    static func varint(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int) -> UInt64? {
        guard offset < bytes.count else { return nil }
        let first = bytes[offset]
        if first < 0x80 {
            offset += 1
            return UInt64(first)
        }
        if offset + 1 < bytes.count {
            let second = bytes[offset + 1]
            if second < 0x80 {
                offset += 2
                return UInt64(first & 0x7F) << 7 | UInt64(second)
            }
        }
        return Varint.read(bytes, &offset)
    }
}
