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
    /// Whether the UTF-8 bytes of `needle` occur in those of `text` (an empty needle always does).
    static func contains(_ text: String, _ needle: String) -> Bool {
        let wanted = Array(needle.utf8)
        guard !wanted.isEmpty else { return true }
        if let found = text.utf8.withContiguousStorageIfAvailable({ contains($0, wanted) }) { return found }
        return Array(text.utf8).withUnsafeBufferPointer { contains($0, wanted) }
    }

    /// Whether `wanted` (not empty) occurs in `bytes`: each candidate start found by `memchr`, then compared.
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ wanted: [UInt8]) -> Bool {
        guard let base = bytes.baseAddress, bytes.count >= wanted.count else { return false }
        let first = Int32(wanted[0])
        var offset = 0
        let last = bytes.count - wanted.count
        while offset <= last {
            guard let hit = memchr(base + offset, first, last - offset + 1) else { return false }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, wanted, wanted.count) == 0 { return true }
            offset = at + 1
        }
        return false
    }
}
