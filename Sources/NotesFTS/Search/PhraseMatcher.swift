/// The tokens of a query's phrases (``QueryPhrases``) laid out for ``PhraseScan``, which asks for each token
/// of a column which (phrase, token) pairs it matches: one bit a pair, phrase `p`'s token `j` at bit
/// `firstBit[p] + j`. Made once a query; the bytes of all tokens sit in one buffer.
struct PhraseMatcher {
    /// One (phrase, token) pair: where its bytes are in ``pool``, whether it matches as a prefix (the last
    /// token of a prefix phrase), and its bit.
    private struct Test {
        var offset: Int
        var count: Int
        var isPrefix: Bool
        var bit: UInt64
    }

    /// The phrases, in FTS5's numbering.
    let phrases: [QueryPhrases.Phrase]
    /// Each phrase's number of tokens.
    let tokenCounts: [Int]
    /// The bit of each phrase's first token.
    let firstBits: [Int]
    /// The bit of each phrase's last token (0 for a phrase with no token: it never matches).
    let lastBits: [UInt64]
    /// The longest phrase, in tokens (at least 1).
    let longest: Int
    private let tests: [Test]
    private let pool: [UInt8]
    /// Bit `n` set when some token of `n` bytes may match a test (bit 63: of 63 bytes or more), and bit `b`
    /// of `firstBytes[b >> 6]` when some test may match a token beginning with byte `b`: most tokens of a
    /// note are ruled out by these two reads before any test runs (a note has hundreds of tokens, a query a few).
    private let lengths: UInt64
    private let firstBytes: [UInt64]
    /// Each ASCII byte a test's first byte may be, repeated in all eight bytes of a word (``startLanes(_:)``),
    /// four of them (the last repeated when there are fewer), and whether more than two differ; all marks
    /// every byte when a test has no byte or more than four such bytes would cost more than the tests they save.
    private let firstWords: (UInt64, UInt64, UInt64, UInt64)
    private let usesFourFirstWords: Bool
    private let marksEveryStart: Bool

    /// The layout of `phrases` (at most ``QueryPhrases/tokenLimit`` tokens in all).
    init(_ phrases: [QueryPhrases.Phrase]) {
        self.phrases = phrases
        var counts: [Int] = [], firsts: [Int] = [], lasts: [UInt64] = []
        var tests: [Test] = [], pool: [UInt8] = []
        var next = 0, longest = 1
        for phrase in phrases {
            let count = phrase.tokens.count
            counts.append(count)
            firsts.append(next)
            lasts.append(count > 0 ? 1 << UInt64(next + count - 1) : 0)
            longest = max(longest, count)
            for (index, token) in phrase.tokens.enumerated() {
                tests.append(Test(offset: pool.count, count: token.count, isPrefix: phrase.isPrefix && index == count - 1,
                                  bit: 1 << UInt64(next + index)))
                pool += token
            }
            next += count
        }
        (tokenCounts, firstBits, lastBits, self.longest, self.tests, self.pool) = (counts, firsts, lasts, longest, tests, pool)
        var lengths: UInt64 = 0
        var firstBytes: [UInt64] = [0, 0, 0, 0]
        for test in tests {
            let shortest = min(test.count, 63)
            lengths |= test.isPrefix ? ~0 << UInt64(shortest) : 1 << UInt64(shortest)
            if test.count == 0 {
                firstBytes = [~0, ~0, ~0, ~0]
            } else {
                let byte = pool[test.offset]
                firstBytes[Int(byte >> 6)] |= 1 << UInt64(byte & 63)
            }
        }
        (self.lengths, self.firstBytes) = (lengths, firstBytes)
        var firstASCII: Set<UInt8> = []
        for test in tests where test.count > 0 && pool[test.offset] < 0x80 { firstASCII.insert(pool[test.offset]) }
        marksEveryStart = tests.contains { $0.count == 0 } || firstASCII.count > 4
        // A byte no ASCII letter or digit folds to, when no test begins with an ASCII byte.
        var words = firstASCII.sorted().map { UInt64($0) &* 0x0101_0101_0101_0101 }
        if words.isEmpty { words = [0] }
        while words.count < 4 { words.append(words[words.count - 1]) }
        firstWords = (words[0], words[1], words[2], words[3])
        usesFourFirstWords = firstASCII.count > 2
    }

    /// The high bit of each byte of `word` (eight bytes of ASCII text, the first in the low byte) that, folded
    /// as ``bits(ofASCII:from:count:)`` folds it (`byte | 0x20`), is the first byte of some test: a token of a
    /// run of ASCII letters and digits can match only if its first byte is marked. Every byte is marked when
    /// the tests cannot be told apart so. A byte is zero exactly where adding 0x7F to its low seven bits leaves
    /// its high bit clear and its own high bit is clear (no carry reaches the next byte).
    @inline(__always)
    func startLanes(_ word: UInt64) -> UInt64 {
        guard !marksEveryStart else { return 0x8080_8080_8080_8080 }
        let folded = word | 0x2020_2020_2020_2020
        var lanes = Self.zeroLanes(folded ^ firstWords.0) | Self.zeroLanes(folded ^ firstWords.1)
        if usesFourFirstWords { lanes |= Self.zeroLanes(folded ^ firstWords.2) | Self.zeroLanes(folded ^ firstWords.3) }
        return lanes & 0x8080_8080_8080_8080
    }

    /// The high bit of each zero byte of `word` set (other bits are noise, cleared by the caller).
    @inline(__always)
    private static func zeroLanes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word)
    }

    /// The bits of the pairs the indexed token `token` (bytes as the tokenizer emits them) matches.
    @inline(__always)
    func bits(of token: UnsafeRawBufferPointer) -> UInt64 {
        bits(token, from: 0, count: token.count, folding: false)
    }

    /// The bits of the pairs matched by the token `text[start..<start + count]`, ASCII letters and digits
    /// that the tokenizer folds to lower case (``TermTokenizer/scanReadingASCII(_:matcher:)``): `byte | 0x20` is the
    /// folded byte of an ASCII letter or digit.
    @inline(__always)
    func bits(ofASCII text: UnsafeRawBufferPointer, from start: Int, count: Int) -> UInt64 {
        bits(text, from: start, count: count, folding: true)
    }

    @inline(__always)
    private func bits(_ bytes: UnsafeRawBufferPointer, from start: Int, count: Int, folding: Bool) -> UInt64 {
        guard lengths & (1 << UInt64(min(count, 63))) != 0 else { return 0 }
        if count > 0 {
            let first = folding ? bytes[start] | 0x20 : bytes[start]
            guard firstBytes[Int(first >> 6)] & (1 << UInt64(first & 63)) != 0 else { return 0 }
        }
        var bits: UInt64 = 0
        pool.withUnsafeBufferPointer { pool in
            for test in tests where test.isPrefix ? count >= test.count : count == test.count {
                var equal = true
                for offset in 0..<test.count {
                    let byte = bytes[start + offset]
                    if pool[test.offset + offset] != (folding ? byte | 0x20 : byte) {
                        equal = false
                        break
                    }
                }
                if equal { bits |= test.bit }
            }
        }
        return bits
    }
}
