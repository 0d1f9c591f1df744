import Testing
@testable import NotesFTS

@Suite struct SnippetTests {
    @Test func readsMarkersIntoPlainTextAndOffsets() {
        let snippet = Snippet(marked: "…the \u{2}deploy\u{3} plan\nfor  \u{2}friday\u{3}…")
        #expect(snippet.text == "…the deploy plan for friday…")
        #expect(snippet.highlights == [5..<11, 21..<27])
        #expect(snippet.marked(open: "<mark>", close: "</mark>") == "…the <mark>deploy</mark> plan for <mark>friday</mark>…")
    }

    @Test func adjacentMatchesMergeIntoOneMark() {
        let snippet = Snippet(marked: "starts \u{2}next\u{3} \u{2}week\u{3} and")
        #expect(snippet.highlights == [7..<16])
        #expect(snippet.marked(open: "[", close: "]") == "starts [next week] and")
    }

    @Test func offsetsCountCodePoints() {
        let snippet = Snippet(marked: "😀 e\u{301} \u{2}국회\u{3}의원")
        #expect(snippet.highlights == [5..<7]) // 😀, space, e, U+0301, space: five code points before
        let scalars = Array(snippet.text.unicodeScalars)
        #expect(String(String.UnicodeScalarView(scalars[5..<7])) == "국회")
    }

    @Test func unbalancedMarkersAreHarmless() {
        #expect(Snippet(marked: "a \u{3}b\u{2}c").highlights.isEmpty)
        #expect(Snippet(marked: "\u{2}\u{3}").text.isEmpty)
    }

    /// The straightforward reading the fast one replaced: scalar by scalar, Unicode's whitespace property for
    /// every scalar, adjacent marks merged by looking at the text between them.
    private static func reference(_ marked: String) -> Snippet {
        var scalars = String.UnicodeScalarView()
        var highlights: [Range<Int>] = []
        var (count, openedAt, pendingSpace) = (0, Int?.none, false)
        for scalar in marked.unicodeScalars {
            if scalar == "\u{2}" {
                if pendingSpace && count > 0 { scalars.append(" "); count += 1 }
                pendingSpace = false
                openedAt = count
            } else if scalar == "\u{3}" {
                if let start = openedAt, count > start { highlights.append(start..<count) }
                openedAt = nil
            } else if scalar.properties.isWhitespace {
                pendingSpace = true
            } else {
                if pendingSpace && count > 0 { scalars.append(" "); count += 1 }
                pendingSpace = false
                scalars.append(scalar)
                count += 1
            }
        }
        let text = Array(scalars)
        var merged: [Range<Int>] = []
        for range in highlights {
            if let last = merged.last, last.upperBound <= range.lowerBound, range.lowerBound - last.upperBound <= 1,
               text[last.upperBound..<range.lowerBound].allSatisfy({ $0 == " " }) {
                merged[merged.count - 1] = last.lowerBound..<range.upperBound
            } else {
                merged.append(range)
            }
        }
        return Snippet(text: String(scalars), highlights: merged)
    }

    @Test func readingEqualsTheScalarByScalarReading() {
        let pieces = ["a", "word", "é", "e\u{301}", "국회", "😀", "\u{2}", "\u{3}", " ", "  ", "\t", "\n", "\r\n", "\u{0B}",
                      "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{202F}", "\u{3000}",
                      "\u{200B}", "-", "…", "x\u{2}y\u{3}"]
        var generator = SeededGenerator(state: 20_261_201)
        for _ in 0..<3_000 {
            let marked = (0..<Int(generator.next() % 24)).map { _ in generator.pick(pieces) }.joined()
            let snippet = Snippet(marked: marked)
            #expect(snippet == Self.reference(marked), "\(marked.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
