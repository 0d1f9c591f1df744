import Foundation
import NotesTokenizer

/// The normalisation every text goes through before it is indexed or searched.
///
/// NFC makes a Hangul or accented word typed on macOS (often NFD) equal to the same word typed elsewhere.
/// Control characters other than tab and newline are replaced with spaces: they have no meaning in a note,
/// and two of them (STX, ETX) are reserved as highlight markers inside snippets.
package enum TextNormalization {
    /// NFC-normalises `text`, turns CRLF and a lone CR into LF and replaces other control characters with spaces.
    package static func normalize(_ text: String) -> String {
        var needsCleaning = false
        for scalar in text.unicodeScalars where scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || scalar.value == 0x7F {
            needsCleaning = true
            break
        }
        var result = text
        if needsCleaning {
            result = result.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            var scalars = String.UnicodeScalarView()
            for scalar in result.unicodeScalars {
                if (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F {
                    scalars.append(" ")
                } else {
                    scalars.append(scalar)
                }
            }
            result = String(scalars)
        }
        return isASCII(result) || isKnownNFC(result) ? result : result.precomposedStringWithCanonicalMapping
    }

    private static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether `text` holds a character the `unicode61` tokenizer indexes (a letter, digit or private-use
    /// character); a query term without one can never match and is dropped.
    package static func hasTokenCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isTokenCharacter)
    }

    /// Whether `scalar` is one `unicode61` treats as part of a token (categories L*, N*, Co); the tokenizer's
    /// own definition, so query and index agree.
    package static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        CJKScript.isTokenCharacter(scalar)
    }
}
