import Testing

/// `notes-find 'modified:2024-13-01'`: a date filter that names no date is an error (exit 2) naming it in one
/// line, whatever the output mode; it used to be searched as the words it holds (exit 1 and no word of why,
/// or, for `created:>=`, every note holding "created").
@Suite struct QueryDateFilterCommandTests {
    @Test(arguments: [(["-c"], "modified:2024-13-01"), (["-l"], "created:>="), (["--json"], "deploy modified:2024-02-30"),
                      ([], "created:2024..2025"), (["--explain"], "created:>=x"), (["--sort", "modified"], "deploy modified: soon")])
    func aDateFilterWithoutADateIsOneLineAndExitTwo(options: [String], query: String) throws {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(options + [query])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("notes-find: '") && result.stderr.contains("' is not a date filter: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
