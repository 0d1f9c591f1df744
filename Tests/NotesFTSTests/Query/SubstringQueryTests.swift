import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

/// ``SubstringQuery/occurrences(in:)`` and ``SubstringQuery/marked(_:)`` against LIKE: text is compared scalar
/// by scalar as LIKE compares it, so a match may end or start inside a user-perceived character (a Devanagari
/// syllable, an emoji with a skin tone, a keycap), and case folds beyond ASCII.
@Suite struct SubstringQueryTests {
    /// Hostile haystacks and needles: multi-scalar graphemes cut anywhere, joiners, flags, LIKE's own
    /// wildcards, repeats, case beyond ASCII, Korean.
    static let cases: [(String, String)] = [
        ("मुझे हिंदी पसंद है", "हिंद"), ("मुझे हिंदी पसंद है", "ि"), ("मुझे हिंदी पसंद है", "ंद"),
        ("thumbs 👍🏽 ok", "👍"), ("thumbs 👍🏽 ok", "🏽 ok"), ("thumbs 👍 ok", "👍🏽"),
        ("keycap 1️⃣ done", "keycap 1"), ("keycap 1️⃣ done", "1\u{FE0F}"), ("keycap 1️⃣ done", "\u{20E3} done"),
        ("family 👨‍👩‍👧 photo", "👩"), ("family 👨‍👩‍👧 photo", "\u{200D}👧"), ("flags 🇰🇷🇯🇵", "🇷🇯"),
        ("가\u{1100}\u{1161}각", "\u{1161}"), ("국회의원은", "회의"), ("Ünïcödé", "ÏCÖ"), ("ÄRGER mit Öl", "ärger"),
        ("ΟΔΟΣ", "οδοσ"), ("ǅemal", "ǆ"), ("İstanbul", "i"), ("x%y_z", "%y_"), ("x%y_z", "y%"), ("aaaa", "aa"),
        ("ab", "abc"), ("", "a"), ("café", "cafe"), ("straße", "STRASSE"), ("Kelvin \u{212A}", "k"),
    ]

    /// Whether LIKE finds `needle` in `haystack`, both lowercased first (LIKE's own case-insensitivity is
    /// ASCII only): the reference for "what LIKE '%TEXT%' finds, case-insensitive beyond ASCII".
    static func likeFinds(_ db: Connection, _ haystack: String, _ needle: String) throws -> Bool {
        let escaped = needle.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        return try db.scalarInt("SELECT ?1 LIKE ?2 ESCAPE '\\'", [.text(haystack.lowercased()), .text("%" + escaped + "%")]) == 1
    }

    @Test(arguments: cases)
    func findsWhatLikeFindsOnLowercasedText(haystack: String, needle: String) throws {
        let db = try Connection(path: ":memory:")
        let query = SubstringQuery(needle)
        #expect(query.matches(haystack) == (try Self.likeFinds(db, haystack, needle)))
        // And everything plain LIKE finds (ASCII case only), it finds.
        let plain = try db.scalarInt("SELECT instr(lower(?1), lower(?2)) > 0", [.text(haystack), .text(needle)]) == 1
        if plain { #expect(query.matches(haystack)) }
    }

    @Test(arguments: cases)
    func marksCoverExactlyTheMatchedScalars(haystack: String, needle: String) throws {
        let query = SubstringQuery(needle)
        let scalars = Array(haystack.unicodeScalars)
        let ranges = query.occurrences(in: haystack)
        for range in ranges {
            let covered = Array(String(String.UnicodeScalarView(scalars[range])).lowercased().unicodeScalars)
            let wanted = Array(needle.lowercased().unicodeScalars)
            // The mark is the needle in the note's case; `i` in `İ` (`i` + U+0307 lowercased) marks the whole `İ`.
            #expect(covered.count >= wanted.count && (0...(covered.count - wanted.count)).contains {
                covered[$0..<($0 + wanted.count)].elementsEqual(wanted)
            }, "\(scalars[range]) for \(needle)")
        }
        // The marks, read back as a snippet, sit at the same scalar offsets (the JSON `highlights`).
        let snippet = Snippet(marked: query.marked(haystack))
        if !haystack.contains("  ") && !haystack.hasPrefix(" ") {
            #expect(snippet.text == haystack)
            #expect(snippet.highlights == Self.merged(ranges))
        }
    }

    /// `ranges` with touching ones joined, as ``Snippet/init(marked:)`` reads adjacent marks.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        ranges.reduce(into: []) { merged, range in
            if let last = merged.last, last.upperBound == range.lowerBound {
                merged[merged.count - 1] = last.lowerBound..<range.upperBound
            } else {
                merged.append(range)
            }
        }
    }

    @Test func theReportedTextsAreFound() {
        #expect(SubstringQuery("हिंद").occurrences(in: "मुझे हिंदी पसंद है") == [5..<9])
        #expect(SubstringQuery("👍").occurrences(in: "thumbs 👍🏽 ok") == [7..<8])
        #expect(SubstringQuery("keycap 1").occurrences(in: "keycap 1️⃣") == [0..<8])
        #expect(SubstringQuery("ÄPF").marked("Äpfel") == "\u{2}Äpf\u{3}el")
    }
}
