/// Case-insensitive comparison beyond ASCII, one Unicode scalar at a time: each scalar becomes its full
/// lowercase mapping (Unicode's `Lowercase_Mapping`, what `String.lowercased()` applies; `Ä` → `ä`,
/// `İ` → `i` + U+0307), an ASCII letter directly. Accents, variation selectors and skin-tone modifiers are
/// scalars like any other and stay: `äpf` does not find `apfel`, and `👍` finds `👍🏽`.
///
/// Substring search compares note text so (``SubstringQuery``).
package enum CaseFolding {
    /// The folded scalars of `text`, in order, and for each the offset (in scalars of `text`) of the scalar it
    /// came from: a match over folded scalars maps back to the text it covers.
    package static func scalars(of text: String) -> (scalars: [Unicode.Scalar], origins: [Int]) {
        var scalars: [Unicode.Scalar] = []
        var origins: [Int] = []
        scalars.reserveCapacity(text.utf8.count)
        origins.reserveCapacity(text.utf8.count)
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar.isASCII {
                scalars.append(("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar)
                origins.append(offset)
            } else {
                for folded in scalar.properties.lowercaseMapping.unicodeScalars {
                    scalars.append(folded)
                    origins.append(offset)
                }
            }
        }
        return (scalars, origins)
    }
}

extension CaseFolding {
    /// `text` NFC-normalised as queries are (``TextNormalization/normalize(_:)``), then folded: what `path:`
    /// filters compare, on both sides (``SearchFilter``), so `path:äpfel` finds `Äpfel/` however the file
    /// system spelled it.
    package static func folded(_ text: String) -> String {
        String(String.UnicodeScalarView(scalars(of: TextNormalization.normalize(text)).scalars))
    }
}
