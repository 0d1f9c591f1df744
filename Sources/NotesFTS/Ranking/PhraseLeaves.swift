import SQLiteKit

/// The notes a phrase (or one word) matches, with the weighted frequency of its instances in each, read
/// straight from FTS5's leaves with no FTS5 query: each token's doclist once
/// (``SegmentPostings/doclists(from:through:)``, in any state FTS5 leaves the segments in), the notes holding
/// every token found by stepping through the lists together (the shortest leads, the others skip ahead to its
/// ids), and the phrase's instances counted from those notes' position lists as FTS5 counts them.
///
/// FTS5 itself walks a phrase note by note over a cursor for each token in each segment, about 2,000
/// instructions a note holding every token (`"read itparox"` at 1,000,000 notes: 66,000 such notes for 243
/// matches). Here a note that holds one token but not the others costs a varint or two, and one holding all of
/// them the decoding of its position lists.
///
/// An instance, as FTS5 finds one (`fts5ExprPhraseIsMatch`): a position `p` of the first token such that the
/// `i`-th token is at `p + i` in the same column. Its weight is its column's (``Schema/rankWeights``, columns
/// after the third as the third, as ``RowStatisticsFunctions`` counts them).
enum PhraseLeaves {
    /// The notes holding the phrase of `tokens` (FTS5's query tokens, in order; one token is a word), ascending
    /// ids, with their weighted frequencies and sizes left out (``MatchStatistics/completeSizes(_:_:)`` reads
    /// them); `nil` when the leaves cannot say here, and FTS5 walks it instead: sizes not in ``SizeBlocks``, a
    /// write open on `db` (FTS5 keeps its terms in memory until it flushes them), no read transaction open (the
    /// doclists would be of different snapshots), or a doclist that does not decode.
    static func rows(of tokens: [String], _ db: Connection, _ statistics: MatchStatistics) throws -> [MatchStatistics.Row]? {
        guard !tokens.isEmpty, statistics.sizesFromTable, !db.isWriting, !db.isAutocommit else { return nil }
        let leaves = try SegmentPostings.of(db)
        var distinct: [String] = []
        var lists: [SegmentPostings.Doclists] = []
        for token in tokens where !distinct.contains(token) {
            guard let found = try leaves.doclists(from: token, through: token) else { return nil }
            // A token no note holds: the phrase matches nothing.
            guard found.terms.count == 1 else { return [] }
            distinct.append(token)
            lists.append(found)
        }
        return instances(lists, slots: tokens.map { token in distinct.firstIndex(of: token) ?? 0 })
    }

    /// The notes where the phrase whose `i`-th token's entries are `lists[slots[i]]` (each list one term's)
    /// occurs, with the weighted count of its instances; `nil` when a position list does not decode.
    static func instances(_ lists: [SegmentPostings.Doclists], slots: [Int]) -> [MatchStatistics.Row]? {
        let entries = lists.map { $0.terms[0].entries }
        guard let lead = entries.indices.min(by: { entries[$0].count < entries[$1].count }) else { return [] }
        var cursors = [Int](repeating: 0, count: entries.count)
        var matched = [SegmentPostings.Doclists.Entry](repeating: .init(id: 0, start: 0, end: 0), count: entries.count)
        var positions = PositionLists(count: lists.count, phraseLength: slots.count)
        var rows: [MatchStatistics.Row] = []
        for entry in entries[lead] {
            var holdsAll = true
            for index in entries.indices where index != lead {
                cursors[index] = skip(entries[index], from: cursors[index], to: entry.id)
                guard cursors[index] < entries[index].count, entries[index][cursors[index]].id == entry.id else {
                    holdsAll = false
                    break
                }
                matched[index] = entries[index][cursors[index]]
            }
            guard holdsAll else { continue }
            matched[lead] = entry
            for index in lists.indices {
                guard positions.decode(list: index, lists[index].bytes, Int(matched[index].start)..<Int(matched[index].end)) else {
                    return nil
                }
            }
            let frequency = positions.weightedInstances(slots: slots)
            if frequency > 0 { rows.append(MatchStatistics.Row(id: entry.id, frequency: frequency, size: -1)) }
        }
        return rows
    }

    /// The first index from `start` whose entry's id is `id` or above (`entries.count` when none): doubling
    /// steps, then halving, so a list much longer than the lead's is crossed in few reads.
    static func skip(_ entries: [SegmentPostings.Doclists.Entry], from start: Int, to id: Int64) -> Int {
        guard start < entries.count, entries[start].id < id else { return start }
        // entries[low].id < id throughout; the answer is in (low, high].
        var low = start, step = 1
        var high = start + 1
        while high < entries.count && entries[high].id < id {
            low = high
            step <<= 1
            high = low + step
        }
        high = min(high, entries.count)
        var first = low + 1
        while first < high {
            let middle = (first + high) / 2
            if entries[middle].id < id { first = middle + 1 } else { high = middle }
        }
        return first
    }
}
