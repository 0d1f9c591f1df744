import SQLiteKit

extension Vocabulary {
    /// Most (key, word) pairs held in memory at once while filling `spelling`: 8 bytes each, so about 32 MB.
    static let spellingPairsPerPass = 4_000_000

    /// Fills `spelling` (emptied by the caller) with the ``SpellingKeys`` of `terms`, whose ids are their
    /// offsets plus one: one row a bucket, its pairs in key then id order, written in bucket order by
    /// multi-row statements.
    ///
    /// Each word has up to 29 keys, so a large vocabulary is done in passes over bucket ranges (each pass
    /// hashes every word again and keeps the keys of its range), holding at most about
    /// ``spellingPairsPerPass`` pairs, packed as `key << 32 | id`, sorted in memory. `step` runs after each
    /// pass's rows are written (a first build commits there).
    static func fillSpelling(_ db: Connection, terms: [String], pairsPerPass: Int = spellingPairsPerPass,
                             step: () throws -> Void = {}) throws {
        let lengths = terms.map { $0.utf8.count }
        let estimate = terms.count * 27
        let passes = UInt64(max(1, (estimate + pairsPerPass - 1) / max(pairsPerPass, 1)))
        let rows = try BatchInsert(db, "INSERT INTO spelling(bucket, entries)", columns: 2)
        var keys: [Int64] = []
        for pass in 0..<passes {
            var pairs: [UInt64] = []
            pairs.reserveCapacity(estimate / Int(passes) + estimate / 8)
            for (offset, term) in terms.enumerated() {
                SpellingKeys.fillKeys(of: term.utf8, into: &keys)
                for key in keys where (UInt64(SpellingKeys.bucket(of: key)) &* passes) >> (31 - UInt64(SpellingKeys.bucketBits)) == pass {
                    pairs.append(UInt64(key) << 32 | UInt64(offset + 1))
                }
            }
            sortByKey(&pairs)
            try writeSpellingRows(rows, pairs: pairs, lengths: lengths)
            try rows.finish()
            try step()
        }
    }

    /// Sorts `pairs` (`key << 32 | id`, appended in id order) by key, keeping ids in order within a key: a
    /// stable least-significant-digit radix sort on the 31-bit key, three 11-bit digits (a comparison sort of
    /// millions of pairs took most of the fill).
    static func sortByKey(_ pairs: inout [UInt64]) {
        var scratch = [UInt64](repeating: 0, count: pairs.count)
        for shift in stride(from: UInt64(32), to: 64, by: 11) {
            var counts = [Int](repeating: 0, count: 2049)
            for pair in pairs { counts[Int((pair >> shift) & 0x7FF) + 1] += 1 }
            for digit in 1..<counts.count { counts[digit] += counts[digit - 1] }
            for pair in pairs {
                let digit = Int((pair >> shift) & 0x7FF)
                scratch[counts[digit]] = pair
                counts[digit] += 1
            }
            swap(&pairs, &scratch)
        }
    }

    /// Writes one `spelling` row per bucket of `pairs` (sorted `key << 32 | id`), each key's words once each.
    private static func writeSpellingRows(_ rows: BatchInsert, pairs: [UInt64], lengths: [Int]) throws {
        var start = 0
        while start < pairs.count {
            let bucket = SpellingKeys.bucket(of: Int64(pairs[start] >> 32))
            var entries: [UInt8] = []
            while start < pairs.count, SpellingKeys.bucket(of: Int64(pairs[start] >> 32)) == bucket {
                let key = pairs[start] >> 32
                var end = start + 1
                var count = 1
                while end < pairs.count, pairs[end] >> 32 == key {
                    if pairs[end] != pairs[end - 1] { count += 1 }
                    end += 1
                }
                SpellingKeys.appendGroup(key: Int64(key), count: count, to: &entries)
                for index in start..<end where index == start || pairs[index] != pairs[index - 1] {
                    let id = Int(pairs[index] & 0xFFFF_FFFF)
                    SpellingKeys.appendWord(id: Int64(id), length: lengths[id - 1], to: &entries)
                }
                start = end
            }
            try rows.append(.integer(bucket), .blob(entries))
        }
    }
}
