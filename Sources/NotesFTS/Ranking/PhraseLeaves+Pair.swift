extension PhraseLeaves.Walk {
    /// ``instances(slots:from:below:)`` for a phrase of two distinct tokens (`"read itparox"`: most phrases),
    /// the same notes and counts with the two merged doclists held in locals and the pair's position lists
    /// handed straight to ``PhraseInstances/weightedPair(_:_:_:)``: the general walk's loops over the tokens
    /// and the slots cost more than a step of each doclist.
    ///
    /// Read window by window, in two passes through a bitmap of the lead's ids
    /// (``pairInstancesByBits(lead:slots:from:below:window:)``), unless a lead note lies within a window of the
    /// largest id SQLite allows; then by seeking the other token from each lead note.
    func pairInstances(lead: Int, slots: [Int], from: Int64, below: Int64?) -> [MatchStatistics.Row]? {
        switch pairInstancesByBits(lead: lead, slots: slots, from: from, below: below) {
        case .rows(let rows): return rows
        case .undecodable: return nil
        case .pastLastWindow: return pairInstancesSeeking(lead: lead, slots: slots, from: from, below: below)
        }
    }

    /// ``pairInstances(lead:slots:from:below:)`` by seeking the other token from each note of the lead.
    func pairInstancesSeeking(lead: Int, slots: [Int], from: Int64, below: Int64?) -> [MatchStatistics.Row]? {
        var cursors = self.cursors
        var leading = MergedDoclist(tokens[lead]), other = MergedDoclist(tokens[1 - lead])
        // Which list is the phrase's first token's.
        let leadIsFirst = slots[0] == lead
        var rows: [MatchStatistics.Row] = []
        let decoded = bytes.withUnsafeBufferPointer { bytes in
            cursors.withUnsafeMutableBufferPointer { cursors -> Bool in
                if from > .min {
                    for index in cursors.indices { cursors[index].skipPages(below: from, bytes) }
                }
                guard leading.start(cursors, bytes), other.start(cursors, bytes), leading.seek(from, cursors, bytes) else {
                    return false
                }
                // No upper bound unless one is given: `id < Int64.max` would leave out a note of that id.
                let limit = below ?? .max
                while !leading.isDone && (below == nil || leading.id < limit) {
                    let id = leading.id
                    // A delete (no position) says the note no longer holds the lead.
                    if !leading.positions(cursors).isEmpty {
                        guard other.seek(id, cursors, bytes) else { return false }
                        // No later note holds the other token.
                        if other.isDone { break }
                        if other.id == id && !other.positions(cursors).isEmpty {
                            let positions = leading.positions(cursors), others = other.positions(cursors)
                            let frequency = leadIsFirst ? PhraseInstances.weightedPair(bytes, positions, others)
                                : PhraseInstances.weightedPair(bytes, others, positions)
                            guard let frequency else { return false }
                            if frequency > 0 { rows.append(MatchStatistics.Row(id: id, frequency: frequency, size: -1)) }
                        }
                    }
                    guard leading.advance(cursors, bytes) else { return false }
                }
                return true
            }
        }
        return decoded ? rows : nil
    }
}
