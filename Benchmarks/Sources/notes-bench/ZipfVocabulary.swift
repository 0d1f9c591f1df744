/// A vocabulary whose words are drawn with Zipf frequencies (rank r has weight 1 / r^s), like natural text.
///
/// The head of the list is real English function and note words; the long tail is generated, pronounceable
/// pseudo-words (so rare words exist in every document-frequency band), with a sprinkling of accented and
/// capitalised non-ASCII words that exercise case folding and diacritics in the recall audit.
struct ZipfVocabulary {
    /// The words, most frequent first.
    let words: [String]
    private let cumulative: [Double]

    /// Builds `count` words (deterministically from `seed`) weighted with exponent `exponent`.
    init(count: Int, exponent: Double = 1.05, seed: UInt64, head: [String], makeWord: (inout SeededRandom) -> String) {
        var random = SeededRandom(seed: seed)
        var seen = Set<String>(head)
        var list = head
        while list.count < count {
            let word = makeWord(&random)
            if seen.insert(word).inserted { list.append(word) }
        }
        words = list
        var total = 0.0
        var sums: [Double] = []
        sums.reserveCapacity(list.count)
        for rank in 1...list.count {
            total += 1 / pow(Double(rank), exponent)
            sums.append(total)
        }
        cumulative = sums.map { $0 / total }
    }

    /// One word drawn with Zipf frequency.
    func draw(_ random: inout SeededRandom) -> String {
        let target = random.unit()
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return words[low]
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
