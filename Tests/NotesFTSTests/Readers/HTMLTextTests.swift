import Testing
@testable import NotesFTS

/// HTMLText's character references, on inputs that break naive entity matching.
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
}
