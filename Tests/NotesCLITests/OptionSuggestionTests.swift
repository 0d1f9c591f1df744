import Testing
@testable import NotesCLI

/// An unknown option's error names the option it most likely meant; none when nothing is close.
@Suite struct OptionSuggestionTests {
    static let names = ["--db", "-n", "--limit", "--offset", "-l", "--files-with-matches", "--json", "--color", "--colour",
                        "--since", "--sort"]

    @Test(arguments: [
        ("--limt", "--limit"), ("--limitt", "--limit"), ("--lmiit", "--limit"), ("--lmit", "--limit"), ("--jsno", "--json"),
        ("--jsn=1", "--json"), ("--lim", "--limit"), ("--files", "--files-with-matches"), ("--so", "--sort"), ("--s", nil),
        ("--colr", "--color"), ("-json", "--json"), ("-limit", "--limit"), ("-x", nil), ("--frobnicate", nil),
        ("--", nil), ("--dbb", "--db"), ("--b", "--db"), ("--xyzzy", nil),
    ] as [(String, String?)])
    func suggests(typed: String, expected: String?) {
        #expect(OptionSuggestion.best(for: typed, among: Self.names) == expected)
    }

    @Test func theErrorCarriesTheSuggestion() {
        let parser = ArgumentParser(options: [OptionSpec(["-n", "--limit"], value: "N", help: "limit")],
                                    unknownOptionHint: "after --")
        #expect(throws: UsageError("unknown option --limt (did you mean --limit?); see --help (after --)")) {
            try parser.parse(["--limt", "3"])
        }
        #expect(throws: UsageError("unknown option --frobnicate; see --help (after --)")) {
            try parser.parse(["--frobnicate"])
        }
    }
}
