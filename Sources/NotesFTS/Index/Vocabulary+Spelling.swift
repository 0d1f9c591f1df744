import SQLiteKit

extension Vocabulary {
    /// Most (key, word) pairs held in memory at once while filling `spelling`: 8 bytes each, so about 32 MB.
    static let spellingPairsPerPass = 4_000_000

    /// Every pass of the `spelling` fill of `terms` (whose ids are their offsets plus one), computed without a
    /// database: the rows ``WordListWriter`` writes, in the same passes. Each word has up to 29 keys, so a
    /// large vocabulary is done in passes over bucket ranges, each holding at most about `pairsPerPass` pairs.
    static func spellingPasses(terms: [String], pairsPerPass: Int = spellingPairsPerPass) -> [SpellingPass] {
        let lengths = terms.map { $0.utf8.count }
        let passes = spellingPassCount(terms: terms.count, pairsPerPass: pairsPerPass)
        return (0..<passes).map { spellingPass($0, of: passes, terms: terms, lengths: lengths) }
    }

    /// How many passes a fill of `count` words makes (about 27 keys a word).
    static func spellingPassCount(terms count: Int, pairsPerPass: Int) -> UInt64 {
        UInt64(max(1, (count * 27 + pairsPerPass - 1) / max(pairsPerPass, 1)))
    }

    /// Pass `pass` of `passes`: hashes every word again, keeps the keys of its bucket range, packed as
    /// `key << 32 | id`, sorts them and packs the rows.
    static func spellingPass(_ pass: UInt64, of passes: UInt64, terms: [String], lengths: [Int]) -> SpellingPass {
        let estimate = terms.count * 27
        var keys: [Int64] = []
        var pairs: [UInt64] = []
        pairs.reserveCapacity(estimate / Int(passes) + estimate / 8)
        for (offset, term) in terms.enumerated() {
            SpellingKeys.fillKeys(of: term.utf8, into: &keys)
            for key in keys where (UInt64(SpellingKeys.bucket(of: key)) &* passes) >> (31 - UInt64(SpellingKeys.bucketBits)) == pass {
                pairs.append(UInt64(key) << 32 | UInt64(offset + 1))
            }
        }
        sortByKey(&pairs)
        return SpellingPass(pairs: pairs, lengths: lengths)
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
}
