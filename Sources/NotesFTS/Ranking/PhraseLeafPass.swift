import SQLiteKit

/// The phrase heads' count (``PhraseHead/build(_:settings:averageSize:window:slotLimit:bandBytes:)``) read from
/// the position lists of the phrases' words in FTS5's leaves, with no tokenizer and no note text: each word's
/// doclists over the segments (``MergedDoclist``, so in any state FTS5 leaves them: updates, deletes, a merge in
/// progress; by groups of segments and bands of note ids, ``run(_:sizes:)``), then, window by window of note
/// ids, every note holding one of the words with the positions of all of them.
///
/// In a note, each word's positions are written into a table of the note's positions (one slot a column
/// position, the word's number there), and an instance of phrase `a b` is a position of `a` whose next slot in
/// the same column holds `b`: one load a position of the words, where a pass over the text read every token
/// (3.1 s of CPU at 100,000 notes, +5 s on the fresh build with the sampling and the reading). Two words at one
/// position (colocated tokens), a column past the third or a position beyond ``largestSlot`` send the note to
/// the general count (``countSorted()``), which sorts its positions instead; both count as FTS5's
/// `fts5ExprPhraseIsMatch` does: a position `p` of the first word with the second at `p + 1` in the same
/// column, once a position whatever else is there, each weighted by its column.
struct PhraseLeafPass {
    /// Note ids read at a time: the notes of a window are gathered from every word's doclists, then counted.
    static let defaultWindow: Int64 = 4_096
    /// The largest column position counted with the table of slots; past it, a note is counted by sorting.
    static let largestSlot: UInt64 = 1 << 20
    /// The doclist bytes of a group of segments read at once; a larger group is read in bands of note ids.
    static let defaultBandBytes = 32 << 20
    /// The most bands a group is read in.
    static let maximumBands = 64

    /// One word's entry for one note: its number in the pairs, the buffer of its doclists and where its
    /// position list lies there.
    private struct Entry {
        var id: Int64
        var word: Int32
        var source: Int32
        var positions: Range<Int>
    }

    /// The phrases counted, and their words.
    let pairs: PhrasePairs
    private let window: Int64
    /// The doclist bytes of a group of segments read at once (``defaultBandBytes``).
    let bandBytes: Int
    private let slotLimit: UInt64
    /// Per phrase of the pairs, the notes it is in (each note offered with its `f` and `D`).
    private(set) var heaps: [ImpactHeap]

    /// The note being counted: each position of the words (`column << 32 | offset`, ascending per word) and
    /// the word there.
    private var keys: [UInt64] = []
    private var words: [Int32] = []
    /// The table of slots, zero between notes: `word + 1` at `column * stride + offset`.
    private var slots: [Int32] = []
    /// Per phrase, its instances in the note by column, and the phrases found in it.
    private var counts: [ColumnCounts]
    private var found: [Int32] = []

    /// A pass for `pairs`, with heads of `headSize` notes chosen at `averageSize`; `window` note ids are read at
    /// a time, a note with a position past `slotLimit` is counted by sorting, and a group of segments of more
    /// than `bandBytes` of doclists is read in bands (all smaller in tests).
    init(_ pairs: PhrasePairs, headSize: Int, averageSize: Double, window: Int64 = defaultWindow,
         slotLimit: UInt64 = largestSlot, bandBytes: Int = defaultBandBytes) {
        self.pairs = pairs
        self.window = max(window, 1)
        self.bandBytes = bandBytes
        self.slotLimit = slotLimit
        heaps = (0..<pairs.count).map { _ in ImpactHeap(capacity: headSize, averageSize: averageSize) }
        counts = [ColumnCounts](repeating: ColumnCounts(), count: pairs.count)
    }

    /// Gathers the words' entries window by window of note ids from `from` and below `below` (none: no upper
    /// bound) and counts each note of a window. `buffers[i]` holds the doclists of `merged[i]`, the pairs' word
    /// `words[i]`.
    mutating func walk(_ buffers: [UnsafeBufferPointer<UInt8>], _ cursors: UnsafeMutableBufferPointer<DoclistCursor>,
                               _ merged: UnsafeMutableBufferPointer<MergedDoclist>, words: [Int32],
                               sizes: DocumentSizes, from: Int64, below: Int64?) -> Bool {
        for index in merged.indices {
            guard merged[index].start(cursors, buffers[index]), merged[index].seek(from, cursors, buffers[index]) else {
                return false
            }
        }
        var entries: [Entry] = [], ordered: [Entry] = []
        var starts = [Int](repeating: 0, count: Int(window) + 1)
        while true {
            var low = Int64.max, any = false
            for index in merged.indices where !merged[index].isDone {
                low = min(low, merged[index].id)
                any = true
            }
            guard any, below.map({ low < $0 }) ?? true else { return true }
            var (limit, last) = low.addingReportingOverflow(window)
            if let below, last || limit > below { (limit, last) = (below, false) }
            entries.removeAll(keepingCapacity: true)
            for index in merged.indices {
                let word = words[index], source = Int32(index), bytes = buffers[index]
                if last {
                    // The last window reaches the largest id: every entry left, `Int64.max` included.
                    while !merged[index].isDone {
                        let positions = merged[index].positions(cursors)
                        if !positions.isEmpty { entries.append(Entry(id: merged[index].id, word: word, source: source, positions: positions)) }
                        guard merged[index].advance(cursors, bytes) else { return false }
                    }
                } else {
                    guard merged[index].forEach(below: limit, cursors, bytes, { id, positions in
                        // A delete: the note no longer holds the word.
                        if !positions.isEmpty { entries.append(Entry(id: id, word: word, source: source, positions: positions)) }
                    }) else { return false }
                }
            }
            if last {
                entries.sort { $0.id < $1.id }
                swap(&entries, &ordered)
            } else {
                // In note order: counted by id within the window, then placed.
                for index in starts.indices { starts[index] = 0 }
                for entry in entries { starts[Int(entry.id - low) + 1] += 1 }
                for index in 1..<starts.count { starts[index] += starts[index - 1] }
                ordered.removeAll(keepingCapacity: true)
                ordered.append(contentsOf: entries)
                for entry in entries {
                    let slot = Int(entry.id - low)
                    ordered[starts[slot]] = entry
                    starts[slot] += 1
                }
            }
            var start = 0
            while start < ordered.count {
                var end = start + 1
                while end < ordered.count && ordered[end].id == ordered[start].id { end += 1 }
                // One word is enough for a phrase of it twice (`"the the"`).
                if let size = sizes[ordered[start].id] {
                    guard count(ordered[start..<end], buffers, size: size) else { return false }
                }
                start = end
            }
        }
    }

    /// Counts one note, from its words' entries; `false` when a position list does not decode.
    private mutating func count(_ note: ArraySlice<Entry>, _ buffers: [UnsafeBufferPointer<UInt8>], size: Int) -> Bool {
        keys.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
        var largest: UInt64 = 0
        for entry in note {
            let bytes = buffers[Int(entry.source)]
            var stream = PositionStream(entry.positions)
            var previous = UInt64.max
            guard stream.next(bytes) else { return false }
            while !stream.isDone {
                let key = stream.key
                // A position listed twice is one position.
                if key != previous {
                    keys.append(key)
                    words.append(entry.word)
                    largest = max(largest, key)
                    previous = key
                }
                guard stream.next(bytes) else { return false }
            }
        }
        let column = largest >> 32, offsets = keys.lazy.map { $0 & 0xFFFF_FFFF }.max() ?? 0
        if column > 2 || offsets > slotLimit || !countInSlots(stride: Int(offsets) + 2) { countSorted() }
        let id = note.first?.id ?? 0
        for phrase in found {
            heaps[Int(phrase)].add(note: id, frequency: counts[Int(phrase)].weightedFrequency, size: size)
            counts[Int(phrase)] = ColumnCounts()
        }
        found.removeAll(keepingCapacity: true)
        return true
    }

    /// Counts the note's instances with the table of slots, `stride` slots a column; `false`, with nothing
    /// counted, when two words share a position.
    private mutating func countInSlots(stride: Int) -> Bool {
        if slots.count < 3 * stride { slots = [Int32](repeating: 0, count: 3 * stride) }
        var shared = false
        keys.withUnsafeBufferPointer { keys in
            words.withUnsafeBufferPointer { words in
                slots.withUnsafeMutableBufferPointer { slots in
                    for index in keys.indices {
                        let slot = Int(keys[index] >> 32) * stride + Int(keys[index] & 0xFFFF_FFFF)
                        if slots[slot] != 0 && slots[slot] != words[index] + 1 { shared = true }
                        slots[slot] = words[index] + 1
                    }
                    if !shared {
                        for index in keys.indices {
                            let slot = Int(keys[index] >> 32) * stride + Int(keys[index] & 0xFFFF_FFFF)
                            let next = slots[slot + 1]
                            guard next != 0 else { continue }
                            let phrase = pairs.phrase(words[index], next - 1)
                            if phrase >= 0 { Self.add(phrase, column: keys[index] >> 32, &counts, &found) }
                        }
                    }
                    for index in keys.indices {
                        slots[Int(keys[index] >> 32) * stride + Int(keys[index] & 0xFFFF_FFFF)] = 0
                    }
                }
            }
        }
        return !shared
    }

    /// Counts the note's instances by sorting its positions: each word at a position with each word at the
    /// next one in the same column.
    private mutating func countSorted() {
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        var start = 0
        while start < order.count {
            let key = keys[order[start]]
            var end = start + 1
            while end < order.count && keys[order[end]] == key { end += 1 }
            // The group at the next position, if any (an offset never reaches 2³¹, so `key + 1` stays in the
            // column).
            var next = end, nextEnd = end
            while nextEnd < order.count && keys[order[nextEnd]] == key + 1 { nextEnd += 1 }
            if next == nextEnd { next = order.count }
            for first in start..<end where next < nextEnd {
                for second in next..<nextEnd {
                    let phrase = pairs.phrase(words[order[first]], words[order[second]])
                    if phrase >= 0 { Self.add(phrase, column: key >> 32, &counts, &found) }
                }
            }
            start = end
        }
    }

    /// Counts an instance of `phrase` in `column`, listing the phrase when it is its first in the note.
    @inline(__always)
    private static func add(_ phrase: Int32, column: UInt64, _ counts: inout [ColumnCounts], _ found: inout [Int32]) {
        if counts[Int(phrase)] == ColumnCounts() { found.append(phrase) }
        counts[Int(phrase)].add(column: column)
    }
}
