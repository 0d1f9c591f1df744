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
