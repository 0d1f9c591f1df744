extension PhraseLeaves.Walk {
    /// ``pairInstances(lead:slots:from:below:)`` in two passes with no seek, each stepping through one
    /// doclist in order (``MergedDoclist/forEach(below:_:_:_:)``): the lead's notes (the token with fewer bytes)
    /// kept with their position lists and marked in a bitmap over their ids; then the other token's notes, each
    /// looked up in the bitmap, and where both hold a note the lead's position list found by counting the marks
    /// before it. The same notes and counts as the walk that seeks the other token from each lead note, which
    /// paid a call and a comparison of two cursors a lead note (`"read itparox"` at 100,000 notes: 14,000 lead
    /// notes, 30,000 of the other token's, 6,600 holding both).
    ///
    /// When the lead's ids are too sparse for a bitmap (more than ``sparsest`` ids apart on average, a span
    /// past 2³², or the largest id SQLite allows among them) it returns ``Outcome/sparse``, and the seeking walk
    /// answers.
    func pairInstancesByBits(lead: Int, slots: [Int], from: Int64, below: Int64?) -> Outcome {
        var cursors = self.cursors
        let leadIsFirst = slots[0] == lead
        let limit = below ?? .max
        return bytes.withUnsafeBufferPointer { bytes -> Outcome in
            cursors.withUnsafeMutableBufferPointer { cursors -> Outcome in
                if from > .min {
                    for index in cursors.indices { cursors[index].skipPages(below: from, bytes) }
                }
                // Pass 1: the lead's notes (a delete, with no position, says the note no longer holds the token).
                // Room for an entry every eight bytes of doclist (a long one takes about ten bytes an entry).
                var leading = MergedDoclist(tokens[lead])
                guard leading.start(cursors, bytes), leading.seek(from, cursors, bytes) else { return .undecodable }
                var ids: [Int64] = [], lists: [Range<Int>] = []
                ids.reserveCapacity(sizes[lead] / 8)
                lists.reserveCapacity(sizes[lead] / 8)
                let listed = leading.forEach(below: limit, cursors, bytes) { id, positions in
                    if !positions.isEmpty {
                        ids.append(id)
                        lists.append(positions)
                    }
                }
                guard listed else { return .undecodable }
                guard let low = ids.first, let high = ids.last else { return .rows([]) }
                let (span, overflow) = high.subtractingReportingOverflow(low)
                guard !overflow, high < .max, span < 1 << 32, span / Int64(ids.count) < Self.sparsest else { return .sparse }
                let words = Int(span >> 6) + 1
                var marks = [UInt64](repeating: 0, count: words)
                var before = [Int32](repeating: 0, count: words)
                var rows: [MatchStatistics.Row] = []
                var failed = false
                let walked = marks.withUnsafeMutableBufferPointer { marks -> Bool in
                    before.withUnsafeMutableBufferPointer { before -> Bool in
                        lists.withUnsafeBufferPointer { lists -> Bool in
                            for id in ids {
                                let offset = Int(id &- low)
                                marks[offset >> 6] |= 1 << UInt64(offset & 63)
                            }
                            // The lead notes in the words before each word.
                            var count: Int32 = 0
                            for word in marks.indices {
                                before[word] = count
                                count &+= Int32(truncatingIfNeeded: marks[word].nonzeroBitCount)
                            }
                            // Pass 2: the other token's notes within the lead's span.
                            var other = MergedDoclist(tokens[1 - lead])
                            guard other.start(cursors, bytes), other.seek(low, cursors, bytes) else { return false }
                            return other.forEach(below: high + 1, cursors, bytes) { id, others in
                                let offset = Int(id &- low), word = marks[offset >> 6], bit = UInt64(1) << UInt64(offset & 63)
                                guard word & bit != 0, !others.isEmpty, !failed else { return }
                                let positions = lists[Int(before[offset >> 6]) + (word & (bit &- 1)).nonzeroBitCount]
                                let frequency = leadIsFirst ? PhraseInstances.weightedPair(bytes, positions, others)
                                    : PhraseInstances.weightedPair(bytes, others, positions)
                                guard let frequency else {
                                    failed = true
                                    return
                                }
                                if frequency > 0 { rows.append(MatchStatistics.Row(id: id, frequency: frequency, size: -1)) }
                            }
                        }
                    }
                }
                return walked && !failed ? .rows(rows) : .undecodable
            }
        }
    }

    /// What ``pairInstancesByBits(lead:slots:from:below:)`` found.
    enum Outcome {
        /// The notes holding the phrase, ascending ids, with their weighted counts.
        case rows([MatchStatistics.Row])
        /// A doclist or a position list does not decode.
        case undecodable
        /// The lead's ids are too far apart for a bitmap.
        case sparse
    }

    /// The widest average gap between the lead's ids for which a bitmap of them is used: at 64 the bitmap takes
    /// as many bytes as the ids themselves.
    static let sparsest: Int64 = 64
}
