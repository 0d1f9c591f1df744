/// One term's weighted frequencies addressed by note id: a byte an id from 0 to the index's highest (the
/// frequency plus one, 0 where the note does not hold the term, 255 for a frequency of 254 or more, which is
/// kept aside). Looking a note up is one load, where finding it in the term's sorted list is a search; filled
/// from the term's stored blocks (``PostingStore/fill(_:term:documents:top:_:)``) by ``TrackedDecode``, which
/// looks up a prefix's rare expansions' notes in it.
///
/// Its memory is a byte an id: 1 MB for `read` at 1,000,000 notes, against 4.8 MB for its ids and frequencies
/// as arrays, which also took longer to search (a merge or a binary search an id) than this takes to fill.
/// Ids more than ``spanPerNote`` a note of the term (left sparse by deletions) are refused.
struct FrequencyTable {
    /// The most ids the table may hold a note of the term (past a first ``spanAllowance``).
    static let spanPerNote = 16
    /// Ids the table may hold whatever the notes.
    static let spanAllowance = 1 << 16

    /// The frequencies plus one, by id.
    private(set) var bytes: [UInt8] = []
    /// The frequencies of 254 and more.
    private var large: [Int64: Double] = [:]
    /// Whether the ids were too sparse or a block did not decode: the table then says nothing.
    private(set) var refused = false

    /// Empties the table for a term in `documents` notes of an index whose highest note id is `top`, keeping
    /// its memory; refused when the ids are too sparse for it.
    mutating func reset(documents: Int, top: Int64) {
        large.removeAll()
        refused = top < 0 || top >= Int64(Self.spanAllowance + Self.spanPerNote * max(documents, 0))
        // Zeros over the memory kept: no allocation, no page fault.
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: repeatElement(0, count: refused ? 0 : Int(top) + 1))
    }

    /// Adds one encoded block of the term's list keyed by `first`; `false` (and the table refused) when the
    /// bytes are malformed or an id is past the top.
    mutating func add(_ block: UnsafeRawBufferPointer, first: Int64) -> Bool {
        guard !refused, let start = block.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return !refused }
        let block = UnsafeBufferPointer(start: start, count: block.count)
        var large: [(Int64, Double)] = []
        let valid = bytes.withUnsafeMutableBufferPointer { table -> Bool in
            var offset = 0
            var id = first
            while offset < block.count {
                guard let posting = PackedPosting.next(block, &offset) else { return false }
                id &+= Int64(truncatingIfNeeded: posting.gap)
                guard id >= 0, id < Int64(table.count) else { return false }
                if posting.frequency < 254 {
                    table[Int(id)] = UInt8(posting.frequency + 1)
                } else {
                    table[Int(id)] = 255
                    large.append((id, Double(posting.frequency)))
                }
            }
            return true
        }
        for (id, frequency) in large { self.large[id] = frequency }
        if !valid { refused = true }
        return valid
    }

    /// The frequencies of the notes `wanted`, 0 for a note the term is not in, and how many it is in: what
    /// ``PostingStore/frequencies(of:in:_:)`` reads from the stored blocks. `nil` when the table was refused.
    func frequencies(of wanted: [Int64]) -> (frequencies: [Double], found: Int)? {
        guard !refused else { return nil }
        var found = [Double](repeating: 0, count: wanted.count)
        var count = 0
        bytes.withUnsafeBufferPointer { bytes in
            for index in wanted.indices {
                let id = wanted[index]
                guard id >= 0, id < Int64(bytes.count) else { continue }
                let stored = bytes[Int(id)]
                if stored == 0 { continue }
                found[index] = stored == 255 ? large[id] ?? 0 : Double(stored - 1)
                count += 1
            }
        }
        return (found, count)
    }
}
