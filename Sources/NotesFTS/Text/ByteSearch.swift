import Foundation

/// Substring tests on UTF-8 bytes. With Foundation imported, `String.contains(_:)` is Foundation's: it bridges
/// the text to an `NSString` and searches its UTF-16 characters (`CFStringFindWithOptionsAndLocale`), which
/// was 4% of a build's CPU when every Markdown note's body was asked whether it holds `":: "`. A byte
/// search gives the same answer for a needle without combining marks or other canonically equivalent forms
/// (ASCII punctuation, say), with `memchr` and `memcmp`.
///
/// ```swift
/// ByteSearch.contains("key:: value", "::")   // true
/// ```
enum ByteSearch {
    /// Whether the UTF-8 bytes of `needle` occur in those of `text` (an empty needle never does, as with
    /// Foundation's `contains`).
    static func contains(_ text: String, _ needle: String) -> Bool {
        firstOffset(of: needle, in: text[...]) != nil
    }

    /// The offset in `text`'s UTF-8 at which `needle`'s bytes first occur (`nil`: nowhere, or an empty
    /// needle). Also what the Evernote reader finds its markup with.
    static func firstOffset(of needle: String, in text: Substring) -> Int? {
        let wanted = Array(needle.utf8)
        guard !wanted.isEmpty else { return nil }
        if let found = text.utf8.withContiguousStorageIfAvailable({ firstOffset(of: wanted, in: $0) }) { return found }
        return Array(text.utf8).withUnsafeBufferPointer { firstOffset(of: wanted, in: $0) }
    }

    /// Whether `byte` occurs in `text`'s UTF-8: one `memchr`, where the generic `utf8.contains(_:)` stepped
    /// through the view's iterator a byte at a time (2.2% of a build's CPU, asking every Markdown note and
    /// each of its lines whether it holds a `#`).
    static func contains(_ text: Substring, byte: UInt8) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        } ?? text.utf8.contains(byte)
    }

    /// Whether `byte` occurs in `text`'s UTF-8, by one `memchr` as for a substring.
    static func contains(_ text: String, byte: UInt8) -> Bool {
        contains(text[...], byte: byte)
    }

    /// Where `wanted` (not empty) first occurs in `bytes`: each candidate start found by `memchr`, then
    /// compared.
    private static func firstOffset(of wanted: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, bytes.count >= wanted.count else { return nil }
        let first = Int32(wanted[0])
        var offset = 0
        let last = bytes.count - wanted.count
        while offset <= last {
            guard let hit = memchr(base + offset, first, last - offset + 1) else { return nil }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, wanted, wanted.count) == 0 { return at }
            offset = at + 1
        }
        return nil
    }
}
