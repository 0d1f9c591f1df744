import SQLiteKit

extension Vocabulary {
    /// Most (key, word) pairs held in memory at once while filling `spelling`: 8 bytes each, so about 32 MB.
    static let spellingPairsPerPass = 4_000_000

    /// Fills `spelling` (emptied by the caller) with the ``SpellingKeys`` of `terms`, whose ids are their
    /// offsets plus one: one row a key, its words in id order, written in key order by multi-row statements.
    ///
    /// Each word has up to 29 keys, so a large vocabulary is done in passes over key ranges (each pass hashes
    /// every word again and keeps the keys of its range), holding at most about ``spellingPairsPerPass``
    /// pairs, packed as `key << 32 | id`, sorted in memory.
    static func fillSpelling(_ db: Connection, terms: [String]) throws {
        let lengths = terms.map { $0.utf8.count }
        let estimate = terms.count * 27
        let passes = UInt64(max(1, (estimate + spellingPairsPerPass - 1) / spellingPairsPerPass))
        let rows = try BatchInsert(db, "INSERT INTO spelling(key, terms)", columns: 2)
        for pass in 0..<passes {
            var pairs: [UInt64] = []
            pairs.reserveCapacity(estimate / Int(passes) + estimate / 8)
            for (offset, term) in terms.enumerated() {
                SpellingKeys.forEachKey(of: term.utf8) { key in
                    if (UInt64(key) &* passes) >> 31 == pass { pairs.append(UInt64(key) << 32 | UInt64(offset + 1)) }
                }
            }
            pairs.sort()
            try writeSpellingRows(rows, pairs: pairs, lengths: lengths)
        }
        try rows.finish()
    }

    /// Writes one `spelling` row per key of `pairs` (sorted `key << 32 | id`), listing its words.
    private static func writeSpellingRows(_ rows: BatchInsert, pairs: [UInt64], lengths: [Int]) throws {
        var start = 0
        while start < pairs.count {
            let key = pairs[start] >> 32
            var entries: [UInt8] = []
            var end = start
            while end < pairs.count, pairs[end] >> 32 == key {
                let id = Int(pairs[end] & 0xFFFF_FFFF)
                SpellingKeys.appendEntry(id: Int64(id), length: lengths[id - 1], to: &entries)
                end += 1
            }
            try rows.append(.integer(Int64(key)), .blob(entries))
            start = end
        }
    }
}
