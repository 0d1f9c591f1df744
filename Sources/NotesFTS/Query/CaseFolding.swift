/// Case-insensitive comparison beyond ASCII, one Unicode scalar at a time: each scalar becomes one folded
/// scalar, Unicode's simple case folding, the one FTS5's `unicode61` tokenizer applies to words. Capitals and
/// their small letters fold alike (`Ä` and `ä` → `ä`), and so do the letters Unicode folds beyond lower case:
/// Greek final sigma (`ς`, `Σ` and `σ` → `σ`, so `ΟΔΟΣ` finds `οδος`), `ẞ` (→ `ß`), the Kelvin sign (→ `k`).
/// `İ` folds to `i`, as in Turkish (lower-casing gives `i` + U+0307, which `istanbul` would not match);
/// dotless `ı` stays itself, as Unicode folds it. A letter whose upper case is two letters keeps its own
/// form (`ß` does not find `ss`, as in the index). Accents, variation selectors and skin-tone modifiers are
/// scalars like any other and stay: `äpf` does not find `apfel`, and `👍` finds `👍🏽`.
///
/// Substring search compares note text so (``SubstringQuery``), and `path:` filters compare paths so.
package enum CaseFolding {
    /// The folded scalars of `text`, in order, and for each the offset (in scalars of `text`) of the scalar it
    /// came from: a match over folded scalars maps back to the text it covers.
    package static func scalars(of text: String) -> (scalars: [Unicode.Scalar], origins: [Int]) {
        var scalars: [Unicode.Scalar] = []
        var origins: [Int] = []
        scalars.reserveCapacity(text.utf8.count)
        origins.reserveCapacity(text.utf8.count)
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            scalars.append(folded(scalar))
            origins.append(offset)
        }
        return (scalars, origins)
    }

    /// `scalar` folded: an ASCII capital lower-cased directly; a scalar that case folding or lower-casing
    /// changes taken to lower case, then to upper case and back (`ς` → `Σ` → `σ`, `ẞ` → `ß`) where each step
    /// is one scalar; `İ` to `i`; anything else as it is.
    package static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
        }
        let properties = scalar.properties
        guard properties.changesWhenCaseFolded || properties.changesWhenLowercased else { return scalar }
        if scalar == "\u{130}" { return "i" }
        guard let lower = single(properties.lowercaseMapping) else { return scalar }
        guard let upper = single(lower.properties.uppercaseMapping),
              let back = single(upper.properties.lowercaseMapping) else { return lower }
        return back
    }

    /// The one scalar `text` holds, or `nil` when it holds more or none.
    private static func single(_ text: String) -> Unicode.Scalar? {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first
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
