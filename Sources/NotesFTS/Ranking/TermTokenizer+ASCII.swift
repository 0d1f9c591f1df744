import NotesTokenizer

extension TermTokenizer {
    /// The tokenize options under which ASCII text is read as ``scanASCII(_:matcher:)`` reads it: the index's
    /// two tokenizers (``FullTextTokenizer``).
    ///
    /// `unicode61` with its default categories (`L* N* Co`) and no `tokenchars` or `separators` makes a
    /// token of each run of ASCII letters and digits, every other ASCII byte separating, and folds `A`–`Z`
    /// to lower case (`remove_diacritics` changes nothing in ASCII); `notes_cjk_v1` hands a token without a
    /// byte from 0xE1 up through unchanged, at its own position. The property test in `TermTokenizerASCIITests`
    /// compares both ways on random ASCII text.
    static let asciiWordOptions: Set<String> = [FullTextTokenizer.cjk.tokenizeOption, FullTextTokenizer.unicode61.tokenizeOption]

    /// The ``PhraseScan`` of `text` for `matcher`'s phrases, read in Swift as the tokenizer reads ASCII text
    /// (see ``asciiWordOptions``): each run of ASCII letters and digits is a token. `nil` as soon as a byte is
    /// not ASCII (the tokenizer reads that text).
    ///
    /// A snippet reads every token of its note's columns; this costs a few nanoseconds a token where the
    /// tokenizer's callbacks cost several times that.
    static func scanASCII(_ text: UnsafeRawBufferPointer, matcher: PhraseMatcher) -> PhraseScan? {
        var scan = PhraseScan(matcher: matcher, expectedTokens: text.count / 6)
        let count = text.count
        var index = 0
        while index < count {
            let byte = text[index]
            guard byte < 0x80 else { return nil }
            guard isWordByte(byte) else {
                index += 1
                continue
            }
            let start = index
            index += 1
            while index < count {
                let next = text[index]
                guard next < 0x80 else { return nil }
                guard isWordByte(next) else { break }
                index += 1
            }
            scan.addASCII(text, start: start, end: index)
        }
        return scan
    }

    /// Whether the ASCII `byte` is a letter or a digit.
    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }
}
