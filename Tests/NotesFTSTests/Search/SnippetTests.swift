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
}
