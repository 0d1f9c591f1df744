/// The tracked words whose prefixes a log replay keeps (``PrefixHead``), looked up by the first bytes of each term
/// of a note: a term matches the prefix of every word it begins with, itself included.
struct PrefixWords {
    /// The longest word whose prefix is kept, in bytes: a term's first bytes are looked up as keys of two 64-bit
    /// words (``Key``).
    static let longestWord = 16

    /// A word's first bytes (at most ``longestWord``) packed into two 64-bit words, with their number.
    struct Key: Hashable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = 0

        /// The key of `word`; `nil` when it is longer than ``longestWord``.
        init?(_ word: some Collection<UInt8>) {
            guard word.count <= PrefixWords.longestWord else { return nil }
            for byte in word { append(byte) }
        }

        init() {}

        /// The key one byte longer (at most ``longestWord`` bytes in all).
        mutating func append(_ byte: UInt8) {
            if length < 8 { low |= UInt64(byte) << (8 * UInt64(length)) } else { high |= UInt64(byte) << (8 * UInt64(length - 8)) }
            length += 1
        }
    }

    private let words: [Key: String]
    /// Whether some word is `length` bytes long, by length.
    private let lengths: [Bool]

    init(_ words: some Sequence<String>) {
        var keyed: [Key: String] = [:]
        var lengths = [Bool](repeating: false, count: Self.longestWord + 1)
        for word in words {
            guard let key = Key(word.utf8) else { continue }
            keyed[key] = word
            lengths[key.length] = true
        }
        self.words = keyed
        self.lengths = lengths
    }

    var isEmpty: Bool { words.isEmpty }

    /// The weighted frequency in a note with `terms` of each word's prefix that one of its terms matches: the sum
    /// over its terms that begin with the word, the word itself included (what FTS5's instances of the prefix
    /// phrase add up to, ``PrefixPostings``).
    func prefixFrequencies(of terms: DocumentTerms) -> [String: Double] {
        var found: [String: Double] = [:]
        for (term, counts) in terms.counts {
            var key = Key()
            var bytes = term.utf8.makeIterator()
            // Every proper prefix of the term up to the longest word: `read` and `rea` of `reads`.
            while key.length < Self.longestWord, let byte = bytes.next() {
                if key.length > 0, lengths[key.length], let word = words[key] { found[word, default: 0] += counts.weightedFrequency }
                key.append(byte)
            }
            // The key now holds the whole term, or its first `longestWord` bytes when it is longer (a proper
            // prefix, looked up once: the loop stopped before it).
            if lengths[key.length], let word = words[key] { found[word, default: 0] += counts.weightedFrequency }
        }
        return found
    }
}
