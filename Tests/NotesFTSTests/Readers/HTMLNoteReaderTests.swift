import Testing
@testable import NotesFTS

@Suite struct HTMLNoteReaderTests {
    @Test func sampleHasTitleTextKeywordsAndNoScriptsOrStyles() throws {
        let note = try Samples.note("html/apple-notes/Wine cellar.html")
        #expect(note.title == "Wine cellar")
        #expect(note.tags == ["home", "wine"])
        #expect(note.body == "Wine cellar\nOpen the Barolo after 2026; the Riesling is ready now — chill it first.\n2016 Barolo × 3\n2021 Riesling")
        #expect(!note.body.contains("analyticsToken") && !note.body.contains("font-family"))
    }

    @Test(arguments: [
        ("<h2>Heading &amp; more</h2><p>text</p>", "Heading & more"),
        ("<p>first line<br>second</p>", "first line"),
        ("<html><head><title> </title></head><body><h1>Fallback</h1></body></html>", "Fallback"),
    ])
    func titleFromTitleElementThenHeadingThenFirstLine(html: String, title: String) {
        #expect(HTMLNoteReader.note(text: html, path: "/x/a.html").title == title)
    }

    @Test func entitiesCommentsAndPreformattedText() {
        let text = HTMLText("<p>caf&#233; &#x1F600; &unknown; <!-- hidden --></p><pre>a  b\n  c</pre>").text
        #expect(text == "café 😀 &unknown;\na  b\n  c")
    }
}
