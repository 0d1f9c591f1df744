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

    /// HTML5 lets `</head>` out: the head ends at the first element that cannot be in it.
    @Test(arguments: [
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Jam</title>\n<body><p>kumquat marmalade</p></body></html>",
        "<html><head><title>Jam</title><p>kumquat marmalade</p></html>",
        "<head><link rel=stylesheet href=a.css><title>Jam</title><div>kumquat marmalade</div>",
        "<title>Jam</title>kumquat marmalade",
    ])
    func headWithoutItsEndTagEndsWhereTheBodyStarts(html: String) {
        let note = HTMLNoteReader.note(text: html, path: "/x/jam.html")
        #expect(note.title == "Jam")
        #expect(note.body == "kumquat marmalade")
    }

    @Test func svgAndMathTitlesAreNotTheDocumentTitle() {
        let svg = HTMLNoteReader.note(text: "<html><body><svg><title>icon-close</title></svg><h1>Trip plan</h1><p>text</p></body></html>",
                                      path: "/x/svg.html")
        #expect(svg.title == "Trip plan")
        let math = HTMLNoteReader.note(text: "<math><title>formula</title></math><svg/><title>Real</title><p>x</p>", path: "/x/m.html")
        #expect(math.title == "Real")
    }

    @Test(arguments: [
        (#"<meta name="keywords" content="Rock 'n' roll, jazz">"#, ["Rock 'n' roll", "jazz"]),
        (#"<meta content='say "hi", folk' NAME='Keywords'>"#, [#"say "hi""#, "folk"]),
        (#"<meta name=keywords content="a &amp; b, , c > d">"#, ["a & b", "c > d"]),
        (#"<meta name="description" content="no"><meta name="keywords" content="yes">"#, ["yes"]),
        (#"<meta name="keywords">"#, []),
    ])
    func keywordsAreTheWholeQuotedContent(meta: String, tags: [String]) {
        #expect(HTMLNoteReader.note(text: "<html><head>\(meta)<title>M</title></head><body>x</body></html>", path: "/x/k.html").tags == tags)
    }
}
