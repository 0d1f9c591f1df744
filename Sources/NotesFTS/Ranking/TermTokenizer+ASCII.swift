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

    /// ``scan(_:phrases:)`` for a tokenizer that reads ASCII as described in ``asciiWordOptions``: the text is
    /// cut at its ASCII bytes other than letters and digits (separators for the tokenizer whatever their
    /// neighbours); a run of ASCII letters and digits between two cuts is one token, read here, and a run
    /// holding a byte beyond ASCII is handed to the tokenizer alone, which makes of it the tokens it would
    /// make of it inside the whole text. `nil` when the tokenizer failed.
    ///
    /// A snippet reads every token of its note's columns: a run read here costs a few nanoseconds, the
    /// tokenizer's callbacks several times that.
    func scanReadingASCII(_ text: UnsafeRawBufferPointer, matcher: PhraseMatcher) -> PhraseScan? {
        var scan = PhraseScan(matcher: matcher, expectedTokens: text.count / 6)
        let count = text.count
        var index = 0
        while index < count {
            let byte = text[index]
            if byte < 0x80 && !Self.isWordByte(byte) {
                index += 1
                continue
            }
            let start = index
            var isASCII = byte < 0x80
            index += 1
            while index < count {
                let next = text[index]
                if next < 0x80 {
                    guard Self.isWordByte(next) else { break }
                } else {
                    isASCII = false
                }
                index += 1
            }
            if isASCII {
                scan.addASCII(text, start: start, end: index)
            } else if !feed(text, from: start, to: index, into: &scan) {
                return nil
            }
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
