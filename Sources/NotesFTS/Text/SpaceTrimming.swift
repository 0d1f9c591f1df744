/// Foundation's `trimmingCharacters(in: .whitespaces)` (Unicode general category Zs, the tab and, in this
/// Foundation, U+200B ZERO WIDTH SPACE) without
/// Foundation: search results read a stored date and tag list each, and Foundation's trim bridges the text
/// to `NSString` first, which cost more than the rest of reading the row.
enum SpaceTrimming {
    /// `text` without the spaces and tabs at either end.
    static func trimmed(_ text: String) -> String { trimmed(Substring(text)) }

    /// `text` without the spaces and tabs at either end.
    static func trimmed(_ text: Substring) -> String {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { start = scalars.index(after: start) }
        while start < end, isSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(Substring(scalars[start..<end]))
    }

    /// Whether `scalar` is in `CharacterSet.whitespaces`: a tab, a space separator (Zs) or U+200B.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value == 0x20 || scalar.value == 0x09 }
        return scalar.value == 0x200B || scalar.properties.generalCategory == .spaceSeparator
    }
}
