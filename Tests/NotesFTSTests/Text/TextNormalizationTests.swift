import Foundation
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

@Suite struct NFCQuickCheckTests {
    @Test(arguments: [("plain ascii", true), ("café", true), ("국회의원", true), ("漢字", true), ("— “quotes”", true),
                      ("e\u{301}", false), ("\u{1100}\u{1161}", false), ("가\u{11A8}", false), ("😀", false), ("\u{212B}", false)])
    func quickCheckIsConservative(text: String, known: Bool) {
        #expect(TextNormalization.isKnownNFC(text) == known)
        // Whatever the quick check says, the result is NFC.
        #expect(Array(TextNormalization.normalize(text).unicodeScalars)
                == Array(text.precomposedStringWithCanonicalMapping.unicodeScalars))
    }
}
