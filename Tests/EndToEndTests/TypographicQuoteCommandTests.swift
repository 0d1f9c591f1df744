import Testing

/// Several arguments are joined into one query; an argument with spaces is quoted as a phrase, unless it
/// already holds phrase quotes, typographic ones included (it used to be wrapped in `"…"` unless it held an
/// ASCII `"`, so `'“next week” plan' x` lost its phrase).
@Suite struct TypographicQuoteCommandTests {
    @Test(arguments: [["\u{201C}next week\u{201D} plan", "xylo"], ["\"next week\" plan", "xylo"], ["next week", "xylo"]])
    func anArgumentThatQuotesForItselfKeepsItsPhrase(arguments: [String]) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# Alpha\nthe plan for next week, xylo\n")
        runner.write("b.md", "# Beta\nweek after next: the plan, xylo\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(["-l"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stdout.contains("a.md") && !result.stdout.contains("b.md"), "\(arguments): \(result.stdout)")
    }
}
