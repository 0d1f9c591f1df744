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
