import Testing
import NotesTokenizer
@testable import NotesFTS

/// The linear snippet algorithm (``SnippetWindow``, ``SnippetSpan``) and the `notes_snippet` and
/// `notes_match_line` functions built on it.
@Suite struct SnippetWindowTests {
    static func match(_ position: Int, phrase: Int = 0, length: Int = 1) -> SnippetMatch {
        SnippetMatch(phrase: phrase, position: position, length: length)
    }

    @Test func choosesTheWindowWithTheMostDistinctPhrasesThenMatches() {
        // Phrase 0 alone at 3; phrases 0 and 1 together at 40 and 42; phrase 0 three times at 80...82.
        let matches = [Self.match(3), Self.match(40), Self.match(42, phrase: 1), Self.match(80), Self.match(81),
                       Self.match(82)]
        #expect(SnippetWindow.choose(matches, size: 8) == 38..<46)
        #expect(SnippetWindow.choose([Self.match(80), Self.match(81), Self.match(3)].sorted { $0.position < $1.position },
                                     size: 8) == 78..<86)
        #expect(SnippetWindow.choose([], size: 8) == 0..<8)
        #expect(SnippetWindow.choose([Self.match(1)], size: 8) == 0..<8)
    }

    @Test func spanStopsAfterTheWindowAndMarksItsMatches() {
        var span = SnippetSpan(window: 2..<4, matches: [Self.match(3), Self.match(9)])
        // "aa bb cc dd ee": tokens at 0, 3, 6, 9, 12.
        var fed = 0
        for start in stride(from: 0, to: 15, by: 3) {
            fed += 1
            if !span.add(start: start, end: start + 2) { break }
        }
        span.finish(textLength: 14)
        #expect(fed == 5)
        #expect(span.bytes == 6..<11)
        #expect(span.marks == [9..<11])
        #expect(span.cutBefore && span.cutAfter)
        let text = Array("aa bb cc dd ee".utf8)
        let rendered = text.withUnsafeBytes {
            SnippetWindow.render($0, span: span, open: Array("[".utf8), close: Array("]".utf8), ellipsis: Array("…".utf8))
        }
        #expect(String(decoding: rendered, as: UTF8.self) == "…cc [dd]…")
    }

    @Test func hugeNotesGiveShortSnippetsAndTheRightLine() throws {
        let index = try TestFolder().openIndex()
        let body = "intro\n\n" + String(repeating: "word ", count: 50_000) + "\nneedle at the end"
        try index.save(Note(path: "/big.txt", title: "Big", body: body))
        let results = try index.search("word")
        #expect(results.count == 1)
        #expect(results[0].snippet.text.count < 200)
        // Sixteen adjacent matches, read as one mark.
        #expect(results[0].snippet.highlights.first.map { $0.count > 40 } == true)
        #expect(results[0].line == 3)
        let needle = try index.search("needle")
        #expect(needle.first?.line == 4)
        #expect(needle.first?.snippet.text.hasPrefix("…word") == true)
        #expect(needle.first?.snippet.text.hasSuffix("needle at the end") == true)
    }

    @Test func titleAndTagMatchesAreShownWhenTheBodyHasNone() throws {
        let index = try TestFolder().openIndex()
        try index.save(Note(path: "/a.txt", title: "Quarterly budget", body: "nothing here", tags: ["finance"]))
        #expect(try index.search("budget").first?.snippet.marked(open: "[", close: "]") == "Quarterly [budget]")
        #expect(try index.search("finance").first?.snippet.marked(open: "[", close: "]") == "[finance]")
        #expect(try index.search("budget").first?.line == 1)
    }
}
