import Testing
@testable import NotesCLI

@Suite struct ArgumentParserTests {
    let parser = ArgumentParser(options: [
        OptionSpec(["--db"], value: "PATH", help: "index"),
        OptionSpec(["-n", "--limit"], value: "N", help: "limit"),
        OptionSpec(["-l", "--files-with-matches"], help: "paths"),
        OptionSpec(["-c", "--count"], help: "count"),
        OptionSpec(["--json"], help: "json"),
    ])

    @Test func longShortAttachedAndClustered() throws {
        let parsed = try parser.parse(["--db=/x.sqlite", "-n5", "-lc", "--json", "deploy", "friday"])
        #expect(parsed.value("--db") == "/x.sqlite")
        #expect(parsed.value("--limit") == "5")
        #expect(parsed.flag("--files-with-matches") && parsed.flag("--count") && parsed.flag("--json"))
        #expect(parsed.positionals == ["deploy", "friday"])
    }

    @Test func separatedValuesAndDoubleDash() throws {
        let parsed = try parser.parse(["--limit", "3", "--", "-draft", "--json"])
        #expect(parsed.value("--limit") == "3")
        #expect(!parsed.flag("--json"))
        #expect(parsed.positionals == ["-draft", "--json"])
    }

    @Test func aShortValueMayFollowAnEqualsSign() throws {
        #expect(try parser.parse(["-n=5", "x"]).value("--limit") == "5")
        #expect(try parser.parse(["-ln=5", "x"]).value("--limit") == "5")
        #expect(try parser.parse(["-n", "=5"]).value("--limit") == "=5")
    }

    @Test func anOptionIsNotTakenForTheValueLeftOut() throws {
        #expect(throws: UsageError("option --db needs a value (--db PATH), not the option --json (for a value of that name, write --db=--json)")) {
            try parser.parse(["--db", "--json", "deploy"])
        }
        #expect(throws: UsageError("option -n needs a value (-n N), not the option -l (for a value of that name, write -n-l)")) {
            try parser.parse(["-n", "-l", "deploy"])
        }
        #expect(throws: UsageError.self) { try parser.parse(["--db", "--limit=3"]) }
        #expect(try parser.parse(["--db=--json"]).value("--db") == "--json")
        #expect(try parser.parse(["--db", "-draft.sqlite"]).value("--db") == "-draft.sqlite")
        #expect(try parser.parse(["-n", "-1"]).value("--limit") == "-1")
    }

    /// After a query word, `-nightly` is the word `nightly` excluded (it read as `-n ightly`, and the error
    /// was "--limit takes a whole number …, not 'ightly'"); `-n5`, `-n=5` and `-n 5` are still the limit.
    @Test func aDashWordAfterTheQueryIsNotAnOptionWithAWordValue() throws {
        let parser = ArgumentParser(options: parser.options, dashWordsAfterPositionals: true)
        #expect(try parser.parse(["deploy", "-nightly"]).positionals == ["deploy", "-nightly"])
        #expect(try parser.parse(["deploy", "-lnightly"]).positionals == ["deploy", "-lnightly"])
        for limit in [["-n5"], ["-n=5"], ["-n", "5"], ["-ln5"]] {
            let parsed = try parser.parse(["deploy"] + limit)
            #expect(parsed.positionals == ["deploy"] && parsed.value("--limit") == "5")
        }
        #expect(try parser.parse(["-nightly"]).value("--limit") == "ightly")
    }

    @Test func loneDashIsPositional() throws {
        #expect(try parser.parse(["-"]).positionals == ["-"])
    }

    @Test func lastValueWins() throws {
        let parsed = try parser.parse(["-n", "1", "--limit", "2"])
        #expect(parsed.value("--limit") == "2")
        #expect(parsed.values("--limit") == ["1", "2"])
    }

    @Test(arguments: [
        (["--nope"], "unknown option --nope"),
        (["-x"], "unknown option -x"),
        (["-lx"], "unknown option -lx"),
        (["--db"], "option --db needs a value"),
        (["-n"], "option -n needs a value"),
        (["--json=yes"], "option --json takes no value"),
    ])
    func errorsNameTheArgument(arguments: [String], message: String) {
        #expect {
            try parser.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.message.hasPrefix(message) == true
        }
    }

    @Test func helpLinesAreAligned() {
        let lines = parser.helpLines()
        #expect(lines.count == 5)
        #expect(lines[1].hasPrefix("  -n, --limit N"))
        // Every help text starts in the same column.
        let columns = Set(zip(lines, parser.options).map { line, option in line.count - option.help.count })
        #expect(columns.count == 1)
    }

    @Test func integerOptions() throws {
        #expect(try CommandLineTool.integer("5", option: "--limit", minimum: 1) == 5)
        #expect(try CommandLineTool.integer(nil, option: "--limit") == nil)
        #expect(throws: UsageError("--limit takes a whole number of at least 1, not '0'")) {
            try CommandLineTool.integer("0", option: "--limit", minimum: 1)
        }
        #expect(throws: UsageError.self) { try CommandLineTool.integer("ten", option: "--limit") }
    }
}

/// `--help` wraps long option descriptions at 100 columns, continuing in the description column; the
/// tools' help lines ran to 230 columns.
@Suite struct HelpWrappingTests {
    @Test func longDescriptionsWrapInTheirColumn() {
        let long = (1...40).map { "word\($0)" }.joined(separator: " ")
        let parser = ArgumentParser(options: [OptionSpec(["-n", "--limit"], value: "N", help: long),
                                              OptionSpec(["--json"], help: "json")])
        let lines = parser.helpLines().joined(separator: "\n").split(separator: "\n").map(String.init)
        #expect(lines.count > 3)
        #expect(lines.allSatisfy { $0.count <= 100 })
        let column = lines[0].distance(from: lines[0].startIndex, to: lines[0].firstRange(of: "word1 ")!.lowerBound)
        #expect(lines[1...].dropLast().allSatisfy { $0.prefix(column).allSatisfy { $0 == " " } && $0.dropFirst(column).first != " " })
        #expect(lines.last == "  --json" + String(repeating: " ", count: column - 8) + "json")
        #expect(lines.joined(separator: " ").split(separator: " ").filter { $0.hasPrefix("word") }.count == 40)
    }
}
