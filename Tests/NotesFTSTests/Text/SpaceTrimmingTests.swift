import Foundation
import Testing
@testable import NotesFTS

/// ``SpaceTrimming`` trims exactly what Foundation's `trimmingCharacters(in: .whitespaces)` trims.
@Suite struct SpaceTrimmingTests {
    @Test func equalsFoundationsTrim() {
        let pieces = ["a", "tag", "é", "e\u{301}", "국회", "😀", " ", "\t", "\n", "\r", "\u{0B}", "\u{85}", "\u{A0}",
                      "\u{1680}", "\u{2000}", "\u{200A}", "\u{200B}", "\u{2028}", "\u{202F}", "\u{205F}", "\u{3000}",
                      "\u{FEFF}", "\u{301}", ","]
        var generator = SeededGenerator(state: 20_261_201)
        for _ in 0..<3_000 {
            let text = (0..<Int(generator.next() % 10)).map { _ in generator.pick(pieces) }.joined()
            #expect(SpaceTrimming.trimmed(text) == text.trimmingCharacters(in: .whitespaces),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func storedFormsReadBack() {
        #expect(TagList.split(" alpha ,\tbeta gamma,, \u{3000}국회\u{A0}") == ["alpha", "beta gamma", "국회"])
        #expect(Timestamp.parse("\t2024-03-01T09:30:00Z ") == Timestamp.parse("2024-03-01T09:30:00Z"))
    }
}
