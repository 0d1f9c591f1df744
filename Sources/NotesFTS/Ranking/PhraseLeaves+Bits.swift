extension PhraseLeaves.Walk {
    /// ``pairInstances(lead:slots:from:below:)`` with no seek, window by window of `window` note ids, each
    /// window in two passes that step through its part of one doclist in order
    /// (``MergedDoclist/forEach(below:_:_:_:)``): the lead's notes (the token with fewer bytes), their position
    /// lists kept and their ids marked in a bitmap of the window; then the other token's notes, each looked up
    /// in the bitmap, and where both hold a note the lead's position list found by counting the marks before it.
    /// The same notes and counts as the walk that seeks the other token from each lead note, which paid a call
    /// and a comparison of two cursors a lead note (`"read itparox"` at 100,000 notes: 14,000 lead notes,
    /// 30,000 of the other token's, 6,600 holding both).
    ///
    /// Window by window, what the second pass reads of the first (the bitmap, the kept lists, the lead's
    /// position lists) was just written or read, and is still in the core's nearest caches; over a whole half
    /// of `"read itparox"` at 1,000,000 notes (71,000 lead notes, 2.7 MB of doclists) it was not. A window
    /// starts at a lead note, so the ids between two far-apart lead notes cost no window.
    ///
    /// It returns ``Outcome/pastLastWindow`` when a window would pass the largest id SQLite allows, and the
    /// seeking walk answers.
    func pairInstancesByBits(lead: Int, slots: [Int], from: Int64, below: Int64?,
                             window: Int64 = Self.windowIDs) -> Outcome {
        precondition(window > 0 && window % 64 == 0, "a window is a whole number of 64-bit words")
        var cursors = self.cursors
        let leadIsFirst = slots[0] == lead
        var marks = [UInt64](repeating: 0, count: Int(window >> 6))
        var lists: [Range<Int>] = []
        var rows: [MatchStatistics.Row] = []
        var outcome = Outcome.rows([])
        bytes.withUnsafeBufferPointer { bytes in
            cursors.withUnsafeMutableBufferPointer { cursors in
                marks.withUnsafeMutableBufferPointer { marks in
                    if from > .min {
                        for index in cursors.indices { cursors[index].skipPages(below: from, bytes) }
                    }
                    var leading = MergedDoclist(tokens[lead]), other = MergedDoclist(tokens[1 - lead])
                    guard leading.start(cursors, bytes), leading.seek(from, cursors, bytes), other.start(cursors, bytes) else {
                        outcome = .undecodable
                        return
                    }
                    var failed = false
                    // No upper bound unless one is given: `id < Int64.max` would leave out a note of that id.
                    while !leading.isDone && below.map({ leading.id < $0 }) ?? true {
                        // No later note holds the other token.
                        if other.isDone { break }
                        let low = leading.id
                        guard low <= Int64.max - window else {
                            outcome = .pastLastWindow
                            return
                        }
                        let end = below.map { Swift.min($0, low + window) } ?? low + window
                        // Pass 1: the lead's notes in the window (a delete, with no position, says the note no
                        // longer holds the token).
                        lists.removeAll(keepingCapacity: true)
                        var highest = -1
                        let listed = leading.forEach(below: end, cursors, bytes) { id, positions in
                            guard !positions.isEmpty else { return }
                            let offset = Int(id &- low)
                            marks[offset >> 6] |= 1 << UInt64(offset & 63)
                            highest = offset >> 6
                            lists.append(positions)
                        }
                        guard listed else {
                            outcome = .undecodable
                            return
                        }
                        guard highest >= 0 else { continue }
                        // Pass 2: the other token's notes in the window. Its notes come in id order, so the marks
                        // before each word are counted once, as the walk reaches the word.
                        var counted = 0, before = 0
                        let walked = lists.withUnsafeBufferPointer { lists -> Bool in
                            guard other.seek(low, cursors, bytes) else { return false }
                            return other.forEach(below: end, cursors, bytes) { id, others in
                                let offset = Int(id &- low), word = marks[offset >> 6], bit = UInt64(1) << UInt64(offset & 63)
                                guard word & bit != 0, !others.isEmpty, !failed else { return }
                                while counted < offset >> 6 {
                                    before &+= marks[counted].nonzeroBitCount
                                    counted &+= 1
                                }
                                let positions = lists[before &+ (word & (bit &- 1)).nonzeroBitCount]
                                let frequency = leadIsFirst ? PhraseInstances.weightedPair(bytes, positions, others)
                                    : PhraseInstances.weightedPair(bytes, others, positions)
                                guard let frequency else {
                                    failed = true
                                    return
                                }
                                if frequency > 0 { rows.append(MatchStatistics.Row(id: id, frequency: frequency, size: -1)) }
                            }
                        }
                        guard walked, !failed else {
                            outcome = .undecodable
                            return
                        }
                        for word in 0...highest { marks[word] = 0 }
                    }
                    outcome = .rows(rows)
                }
            }
        }
        return outcome
    }

    /// What ``pairInstancesByBits(lead:slots:from:below:window:)`` found.
    enum Outcome {
        /// The notes holding the phrase, ascending ids, with their weighted counts.
        case rows([MatchStatistics.Row])
        /// A doclist or a position list does not decode.
        case undecodable
        /// A lead note lies within a window of the largest id SQLite allows.
        case pastLastWindow
    }

    /// The note ids a window spans: 64 words of bitmap.
    static let windowIDs: Int64 = 4096
}
