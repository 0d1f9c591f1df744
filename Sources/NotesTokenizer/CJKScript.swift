/// Which characters the CJK tokenizer indexes as overlapping bigrams instead of whole words.
///
/// Hangul (syllables and jamo), Han ideographs, Hiragana and Katakana (with their half-width forms) form one
/// class: a run of any mix of them (`漢字を`, `國會議員`) is one run, so a query may cross from one script to the
/// other inside it. Everything else keeps `unicode61` word semantics.
package enum CJKScript {
    /// Whether `scalar` belongs to a script written without spaces between words (Hangul, Han, kana).
    @inlinable
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        contains(codePoint: scalar.value)
    }

    /// Whether the code point belongs to a CJK script (see ``contains(_:)``).
    @inlinable
    package static func contains(codePoint value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        switch value {
        case 0x1100...0x11FF,   // Hangul Jamo
             0x2E80...0x2FDF,   // CJK radicals, Kangxi radicals
             0x3005...0x3007,   // 々 〆 〇
             0x3021...0x3029,   // Hangzhou numerals
             0x3031...0x3035,   // kana repeat marks
             0x3038...0x303C,
             0x3040...0x309F,   // Hiragana
             0x30A0...0x30FF,   // Katakana
             0x3130...0x318F,   // Hangul compatibility jamo (ㅋㅋ)
             0x31F0...0x31FF,   // Katakana phonetic extensions
             0x3400...0x4DBF,   // CJK extension A
             0x4E00...0x9FFF,   // CJK unified ideographs
             0xA960...0xA97F,   // Hangul Jamo extended A
             0xAC00...0xD7AF,   // Hangul syllables
             0xD7B0...0xD7FF,   // Hangul Jamo extended B
             0xF900...0xFAFF,   // CJK compatibility ideographs
             0xFF66...0xFF9F,   // half-width Katakana
             0xFFA0...0xFFDC,   // half-width Hangul
             0x1B000...0x1B16F, // kana supplement and extensions
             0x20000...0x3134F: // CJK extensions B to G
            return true
        default:
            return false
        }
    }

    /// Whether `unicode61` treats `scalar` as part of a token (general categories L*, N*, Co).
    package static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }

    /// Whether the last token character of `text` is a CJK character standing alone: no CJK character
    /// directly before it. The tokenizer indexes such a character only as the first half of a bigram (or a
    /// final unigram), so a query ending in one must be a prefix query (`"국" *`, `"sqlite를" *`) to find
    /// every note holding it.
    package static func endsWithSingleCharacterRun(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let last = scalars.lastIndex(where: isTokenCharacter) else { return false }
        guard contains(scalars[last]) else { return false }
        return last == 0 || !contains(scalars[last - 1])
    }
}
