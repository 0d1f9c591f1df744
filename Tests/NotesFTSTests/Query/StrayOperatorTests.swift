import Testing
@testable import NotesFTS

/// An upper-case `AND`, `OR` or `NOT` without its terms (leading, trailing, doubled) is ignored with a note, never
/// searched as the word "and"/"not" (which silently narrowed `deploy AND` to the notes holding "and"). Only an
/// operator that is the whole query (`NOT`, `(AND)`, the first of `AND AND`) is searched as a word.
@Suite struct StrayOperatorTests {
    static let orNote = "ignored `OR` without a term on both sides"
    static let andNote = "ignored `AND` without a term on both sides"
    static let notNote = "ignored `NOT` without a term after it"

    @Test(arguments: [
        ("deploy AND", #""deploy""#, [andNote]),
        ("AND deploy", #""deploy""#, [andNote]),
        ("deploy AND AND week", #"("deploy" AND "week")"#, [andNote]),
        ("(deploy AND) week", #"("deploy" AND "week")"#, [andNote]),
        ("deploy (AND)", #""deploy""#, [andNote]),
        ("deploy OR AND", #""deploy""#, [orNote, andNote]),
        ("deploy NOT", #""deploy""#, [notNote]),
        ("deploy NOT NOT", #""deploy""#, [notNote]),
        ("deploy (NOT) week", #"("deploy" AND "week")"#, [notNote]),
        ("deploy NOT OR week", #"("deploy" OR "week")"#, [notNote]),
        ("deploy AND NOT", #""deploy""#, [andNote, notNote]),
        ("AND AND", #""AND""#, [andNote]),
        ("NOT NOT", #""NOT""#, [notNote]),
        ("OR NOT", #""OR""#, [notNote]),
        ("title: NOT", #""title:""#, [notNote]),
    ])
    func aStrayOperatorIsIgnoredWithANote(text: String, match: String, notes: [String]) {
        let parsed = QueryParser.parse(text)
        #expect(parsed.matchExpression == match)
        #expect(parsed.notes == notes)
    }

    /// Controls (these held before too): an operator alone is a word, lower case and quoted ones are words,
    /// operators with their terms keep their meaning, and `NOT x` alone stays an exclusion (an error to search).
    @Test(arguments: [
        ("OR", #""OR""#), ("AND", #""AND""#), ("NOT", #""NOT""#), ("(NOT)", #""NOT""#),
        ("deploy and", #"("deploy" AND "and")"#), ("deploy not", #"("deploy" AND "not")"#),
        (#""AND" deploy"#, #"("AND" AND "deploy")"#), (#"deploy "NOT""#, #"("deploy" AND "NOT")"#),
        ("sourdough AND bread", #"("sourdough" AND "bread")"#), ("deploy AND NOT week", #"("deploy" NOT "week")"#),
        ("deploy NOT NOT week", #"("deploy" AND "week")"#), ("NOT NOT deploy", #""deploy""#),
    ])
    func anOperatorWithItsTermsOrAloneIsKept(text: String, match: String) {
        let parsed = QueryParser.parse(text)
        #expect(parsed.matchExpression == match)
        #expect(parsed.notes.isEmpty)
    }

    @Test func notBeforeTheOnlyTermStaysAnExclusion() {
        let parsed = QueryParser.parse("NOT deploy")
        #expect(parsed.isOnlyExclusion)
        #expect(parsed.notes.isEmpty)
    }
}
