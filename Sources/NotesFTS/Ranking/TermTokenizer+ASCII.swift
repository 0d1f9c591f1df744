import NotesTokenizer

extension TermTokenizer {
    /// The tokenize options under which ``scanReadingASCII(_:matcher:)`` reads text as the tokenizer does: the
    /// index's two tokenizers (``FullTextTokenizer``).
    ///
    /// `unicode61` with its default categories (`L* N* Co`) and no `tokenchars` or `separators` option
    /// separates tokens at every ASCII byte other than a letter or a digit, whatever surrounds it, keeps no
    /// state from one token to the next, and folds `A`–`Z` to lower case (`remove_diacritics` changes nothing
    /// in ASCII); a UTF-8 character never holds an ASCII byte. `notes_cjk_v1` rewrites each `unicode61` token
    /// on its own when it indexes a document (its CJK runs end with the token) and hands one without a byte
    /// from 0xE1 up through unchanged. The property test in `TermTokenizerASCIITests` compares both ways.
    static let asciiWordOptions: Set<String> = [FullTextTokenizer.cjk.tokenizeOption, FullTextTokenizer.unicode61.tokenizeOption]

    /// ``tokenizerScan(_:matcher:)`` for a tokenizer that reads ASCII as described in ``asciiWordOptions``: the text is
    /// cut at its ASCII bytes other than letters and digits (separators for the tokenizer whatever their
    /// neighbours); a run of ASCII letters and digits between two cuts is one token, read here, and a run
    /// holding a byte beyond ASCII is handed to the tokenizer alone, which makes of it the tokens it would
    /// make of it inside the whole text. `nil` when the tokenizer failed.
    ///
    /// A snippet reads every token of its note's columns: a run read here costs a few nanoseconds, the
    /// tokenizer's callbacks several times that. The text is read eight bytes at a time (``runBytes(_:)``):
    /// in a word of ASCII bytes, where runs start and end are two masks, walked bit by bit, so a token costs
    /// its two bits and its record, not two searches of its own. A word holding a byte beyond ASCII, and the
    /// last bytes, are read run by run (``runStart(_:from:)``, ``runEnd(_:from:)``).
    func scanReadingASCII(_ text: UnsafeRawBufferPointer, matcher: PhraseMatcher) -> PhraseScan? {
        var scan = PhraseScan(matcher: matcher, expectedTokens: text.count / 6)
        let count = text.count
        // The next byte to read, and where the run being read started (-1 between runs).
        var index = 0, open = -1
        // 0x80 when the byte before `index` is in a run.
        var carry: UInt64 = 0
        while index + 8 <= count {
            let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if word & Self.highBits != 0 {
                // A byte beyond ASCII: the run it is in (or the one open), read whole, run by run.
                let start = open >= 0 ? open : Self.runStart(text, from: index)
                guard start < count else { return scan }
                guard let end = readRun(text, from: start, into: &scan) else { return nil }
                // Past the run and the byte that cut it (which is in no run).
                (index, open, carry) = (min(end + 1, count), -1, 0)
                continue
            }
            let run = Self.runBytes(word)
            let before = run << 8 | carry
            // A run starts at a run byte after one in no run, and ends at the first byte in no run after it.
            var starts = run & ~before
            var ends = ~run & Self.highBits & before
            while starts | ends != 0 {
                let start = starts.trailingZeroBitCount, end = ends.trailingZeroBitCount
                if end < start {
                    scan.addASCII(text, start: open, end: index + end >> 3)
                    open = -1
                    ends &= ends &- 1
                } else {
                    open = index + start >> 3
                    starts &= starts &- 1
                }
            }
            carry = run >> 56
            index += 8
        }
        // The last bytes, and a run still open, run by run.
        return readRuns(text, from: open >= 0 ? open : index, into: &scan) ? scan : nil
    }

    /// Reads the runs from `index` to the end of `text` into `scan`, run by run (``readRun(_:from:into:)``);
    /// `false` when the tokenizer failed.
    func readRuns(_ text: UnsafeRawBufferPointer, from index: Int, into scan: inout PhraseScan) -> Bool {
        var index = index
        while true {
            index = Self.runStart(text, from: index)
            guard index < text.count else { return true }
            guard let end = readRun(text, from: index, into: &scan) else { return false }
            index = end
        }
    }

    /// Reads the run that starts at `start` into `scan`, one token when it is all ASCII, else through the
    /// tokenizer; returns where it ends, or `nil` when the tokenizer failed.
    @inline(__always)
    func readRun(_ text: UnsafeRawBufferPointer, from start: Int, into scan: inout PhraseScan) -> Int? {
        let (end, isASCII) = Self.runEnd(text, from: start)
        if isASCII {
            scan.addASCII(text, start: start, end: end)
        } else if !feed(text, from: start, to: end, into: &scan) {
            return nil
        }
        return end
    }

    static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBytes: UInt64 = 0x0101_0101_0101_0101

    /// The bytes of `word` (eight bytes of text, the first in the low byte) that belong to a run: the high bit
    /// set in each byte that is an ASCII letter or digit or is beyond ASCII, all other bits clear. Each test
    /// adds a constant to the byte's low seven bits, which never carries into the next byte, so that its high
    /// bit says whether the byte is at least a bound.
    @inline(__always)
    static func runBytes(_ word: UInt64) -> UInt64 {
        let ascii = word & ~highBits
        let folded = ascii | (0x20 &* lowBytes)
        let letter = (folded &+ 0x1F &* lowBytes) & ~(folded &+ 0x05 &* lowBytes) // 0x61 ≤ folded < 0x7B
        let digit = (ascii &+ 0x50 &* lowBytes) & ~(ascii &+ 0x46 &* lowBytes) // 0x30 ≤ byte < 0x3A
        return ((letter | digit) & highBits) | (word & highBits)
    }

    /// The first byte at or after `index` that belongs to a run (`text.count` if none).
    @inline(__always)
    static func runStart(_ text: UnsafeRawBufferPointer, from index: Int) -> Int {
        var index = index
        while index + 8 <= text.count {
            let run = runBytes(UInt64(littleEndian: text.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if run != 0 { return index + run.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < text.count {
            let byte = text[index]
            if byte >= 0x80 || isWordByte(byte) { return index }
            index += 1
        }
        return index
    }

    /// The end of the run that starts at `index`, and whether all of it is ASCII.
    @inline(__always)
    static func runEnd(_ text: UnsafeRawBufferPointer, from index: Int) -> (Int, Bool) {
        var index = index
        var isASCII = true
        while index + 8 <= text.count {
            let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let cuts = ~runBytes(word) & highBits
            guard cuts != 0 else {
                if word & highBits != 0 { isASCII = false }
                index += 8
                continue
            }
            let length = cuts.trailingZeroBitCount >> 3
            if word & highBits & ((1 << (8 * UInt64(length))) &- 1) != 0 { isASCII = false }
            return (index + length, isASCII)
        }
        while index < text.count {
            let byte = text[index]
            if byte >= 0x80 {
                isASCII = false
            } else if !isWordByte(byte) {
                break
            }
            index += 1
        }
        return (index, isASCII)
    }

    /// Whether the ASCII `byte` is a letter or a digit.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }
}
