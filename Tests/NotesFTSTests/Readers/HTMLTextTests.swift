import Testing
@testable import NotesFTS

/// HTMLText's tokenizing and character references, on inputs that break naive tag and entity matching.
@Suite struct HTMLTextTests {
    @Test(arguments: [
        ("Espa&ntilde;a &aacute;&ccedil;&atilde; &Omega;&rarr;&hearts; &thetasym;", "España áçã Ω→♥ ϑ"),
        ("&AMP; &apos; &amp;lt; &nbsp;x", "& ' &lt; x"),
        ("&#233;&#xE9;&#XE9;&#65&#x42 &#146;s", "éééAB ’s"),
        ("&#0; &#xD800; &#x110000; &#99999999999;", "\u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD}"),
        ("AT&T & ; &unknown; &# &#x; &ntilde &", "AT&T & ; &unknown; &# &#x; &ntilde &"),
    ])
    func characterReferencesAreDecoded(html: String, text: String) {
        #expect(HTMLText(html).text == text)
    }

    /// A line break inside a heading separates its words in the title, as it does in the body.
    @Test func aBreakInsideAHeadingSeparatesTitleWords() {
        #expect(HTMLText("<body><h1>Hello<br>World</h1><p>x</p></body>").firstHeading == "Hello World")
    }

    /// A long run of text full of references decodes in one pass (it was built as a scalar view, whose time
    /// grew with the square of the run: 1.25 MB of `&nbsp;` words in a `<pre>` took 11 s, 0.09 s now), with
    /// every reference and every bare `&` as in a short text.
    @Test func aLongRunOfReferencesDecodesAsAShortOneDoes() {
        let piece = "w&nbsp;x&amp;y&#x41;z&bogus;&#233é&", decoded = "w\u{A0}x&yAz&bogus;éé&"
        let count = 40_000
        let html = "<pre>" + String(repeating: piece, count: count) + "</pre>"
        let text = HTMLText(html).text
        #expect(text.count == decoded.count * count && text == String(repeating: decoded, count: count))
        #expect(HTMLEntities.decode(Substring(piece)) == decoded)
    }

    @Test(arguments: [
        ("<p>if x<3 then quokka</p>", "if x<3 then quokka"),
        ("<p>a < b zebra c > d</p>", "a < b zebra c > d"),
        ("<p><a title=\"a > b\">link</a> wombat</p>", "link wombat"),
        ("<img alt='x > \"y\"'>z<img alt=\"it's\">z", "zz"),
        ("a <= b, <3 and <", "a <= b, <3 and <"),
        ("a </ b> c </> d", "a c d"),
        ("a <!-- x > y --> b <!--> c <!---> d <!DOCTYPE html> e <?xml x?> f", "a b c d e f"),
        ("<script>if (a<b && c>d) { s = '</div>' }</script>kept", "kept"),
        ("<STYLE>p>a{}</Style ><template><p>hidden<template>x</template>y</template>shown", "shown"),
        ("<textarea><b>&lt;raw&gt;</b></textarea>", "<b><raw></b>"),
        ("<svg><style>.a{}</style><text>label</text></svg>after", "labelafter"),
        ("x<![CDATA[a<b]]>y", "xa<by"),
    ])
    func textIsWhatAnHTML5TokenizerSees(html: String, text: String) {
        #expect(HTMLText(html).text == text)
    }

    /// Input cut off anywhere is read without a crash; an unfinished tag, comment or attribute is dropped.
    @Test(arguments: [
        ("x<", "x<"), ("x</", "x</"), ("x<p", "x"), ("x<p class=\"a>b", "x"), ("x<!--", "x"), ("x<!", "x"),
        ("x<![CDATA[", "x"), ("x<a b='", "x"), ("x<a b=", "x"), ("x<script>", "x"), ("x<title>t", "x"),
        ("x&", "x&"), ("x&#", "x&#"), ("x&#x", "x&#x"), ("x&amp", "x&amp"), ("", ""),
    ])
    func truncatedInputIsReadSafely(html: String, text: String) {
        #expect(HTMLText(html).text == text)
    }
}
