import Testing

/// `notes-find 'deploy OR -release'`: an exclusion that narrows nothing is an error (exit 2) saying so in one
/// line, whatever the output mode; it used to be dropped silently (`-c` printed deploy's count).
@Suite struct MisplacedExclusionCommandTests {
    @Test(arguments: [["-c"], ["-l"], ["--json"], [], ["--explain"], ["--sort", "modified"]])
    func anExclusionOnOneSideOfOrIsOneLineAndExitTwo(options: [String]) throws {
        let runner = CommandRunner()
        runner.writeSampleNotes()
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let result = try runner.find(options + ["deploy OR -release"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("notes-find: the exclusion '-release' cannot be one side of OR"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
