import Testing

/// `notes-find 'deploy AND'`: a stray upper-case `AND` or `NOT` is ignored (with a note under `--explain`), so the
/// query finds what `deploy` finds; it used to search the word "and"/"not" too, silently leaving out every note
/// without it.
@Suite struct QueryStrayOperatorCommandTests {
    @Test(arguments: ["deploy AND", "AND deploy", "deploy AND AND week", "deploy NOT", "deploy NOT NOT"])
    func aStrayOperatorNarrowsNothing(query: String) throws {
        let runner = CommandRunner()
        runner.write("plain.md", "# Plain\n\nDeploy the site this week.\n")
        runner.write("words.md", "# Words\n\nDeploy and do not forget the week.\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let count = try runner.find(["-c", query])
        #expect(count.stdout == "2\n" && count.status == 0)
        let explain = try runner.find(["--explain", query])
        #expect(explain.stdout.contains("note:    ignored `"))
        #expect(!explain.stdout.contains(#""AND""#) && !explain.stdout.contains(#""NOT""#))
    }
}
