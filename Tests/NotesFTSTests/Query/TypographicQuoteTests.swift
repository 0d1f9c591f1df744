import Testing
@testable import NotesFTS

/// Typographic double quotes (what macOS and iOS type for `"`, and the German, Swedish and French pairs)
/// quote a phrase as `"` does; a lone one is never glued to a word or its forms.
@Suite struct TypographicQuoteTests {
    @Test(arguments: [
        "\u{201C}next week\u{201D}",  // “next week”
        "\u{201E}next week\u{201C}",  // „next week“
        "\u{201D}next week\u{201D}",  // ”next week”
        "\u{AB}next week\u{BB}",      // «next week»
        "\u{AB} next week \u{BB}",    // « next week »
        "\u{BB}next week\u{AB}",      // »next week«
        "\"next week\u{201D}",        // mixed
    ])
    func curlyQuotesQuoteAPhrase(_ text: String) throws {
        let parsed = QueryParser.parse(text)
        #expect(parsed.matchExpression?.replacingOccurrences(of: " ", with: "") == #""nextweek""#)
        #expect(parsed.root.map { if case .term(let term) = $0 { term.isPhrase } else { false } } == true)
        let index = try SearchFixture.makeIndex()
        #expect(Set(try index.search(parsed).map(\.id)) == [1, 6])
    }

    @Test func aFieldTakesACurlyQuotedPhrase() {
        #expect(QueryParser.parse("title:\u{201C}deploy checklist\u{201D}").matchExpression == #"title : "deploy checklist""#)
    }

    @Test(arguments: [
        ("\u{201C}deploy", #""deploy""#),                 // “deploy (unclosed: runs to the end)
        ("deploy\u{201D}", #""deploy""#),                 // deploy”
        ("\u{AB}deploy", #""deploy""#),
    ])
    func aLoneCurlyQuoteIsNotPartOfAWord(_ text: String, _ match: String) throws {
        let parsed = QueryParser.parse(text)
        #expect(parsed.matchExpression == match)
        let index = try SearchFixture.makeIndex()
        let expanded = try index.expand(parsed).query
        #expect(expanded.positiveTerms.allSatisfy { term in
            (([term.text] + term.forms).allSatisfy { !$0.contains("\u{201C}") && !$0.contains("\u{201D}") && !$0.contains("\u{AB}") })
        })
    }

    @Test func singleCurlyQuotesStayApostrophes() {
        #expect(QueryParser.parse("it\u{2019}s").matchExpression == "\"it\u{2019}s\"")
    }
}
