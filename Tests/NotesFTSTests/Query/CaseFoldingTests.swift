import Testing
@testable import NotesFTS

/// ``CaseFolding``: each scalar's lowercase mapping, as `String.lowercased()` gives it, and where each folded
/// scalar came from.
@Suite struct CaseFoldingTests {
    @Test(arguments: ["Deploy NOW", "ÄRGER", "İstanbul", "ΟΔΟΣ", "ǅemal", "Ⅻ \u{212A}", "👍🏽 1️⃣", "हिंदी", "국회", "", "ẞ"])
    func foldsAsLowercasedDoes(text: String) {
        let folded = CaseFolding.scalars(of: text)
        #expect(String(String.UnicodeScalarView(folded.scalars)) == text.lowercased())
        #expect(folded.origins.count == folded.scalars.count)
        #expect(folded.origins == folded.origins.sorted())
        #expect(Set(folded.origins) == Set(0..<text.unicodeScalars.count))
    }

    @Test func aScalarFoldingToTwoMapsBothBackToIt() {
        let folded = CaseFolding.scalars(of: "Aİb")
        #expect(folded.scalars == ["a", "i", "\u{307}", "b"])
        #expect(folded.origins == [0, 1, 1, 2])
    }
}
