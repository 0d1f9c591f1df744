import Testing
@testable import NotesFTS

@Suite struct TextNormalizationTests {
    @Test func composesToNFC() {
        let decomposed = "제주도 café".decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count > "제주도 café".unicodeScalars.count)
        #expect(Array(TextNormalization.normalize(decomposed).unicodeScalars) == Array("제주도 café".unicodeScalars))
    }

    @Test func replacesControlCharactersButKeepsLinesAndTabs() {
        #expect(TextNormalization.normalize("a\r\nb\tc\u{0}d\u{2}e\u{7F}") == "a\nb\tc d e ")
    }

    @Test(arguments: [("word", true), ("42", true), ("국회", true), ("日本", true), ("*", false), ("😀", false),
                      ("\u{301}", false), ("-", false), ("\u{E000}", true), ("ß", true)])
    func tokenCharacters(text: String, expected: Bool) {
        #expect(TextNormalization.hasTokenCharacters(text) == expected)
    }
}
