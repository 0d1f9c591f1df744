import Testing
@testable import NotesCLI

/// The option table fills typed options in command-line order, answers --help/--version first, and reports
/// bad input as a ``UsageError`` naming it.
@Suite struct OptionTableTests {
    struct Options: CommandOptions {
        var limit = 20
        var json = false
        var names: [String] = []
        var words: [String] = []

        mutating func finish(positionals: [String]) throws {
            words = positionals
            if words.isEmpty && !json { throw UsageError("nothing to do") }
        }
    }

    static let table = OptionTable<Options>([
        .value(["-n", "--limit"], "N", help: "at most N") {
            $0.limit = try CommandLineTool.integer($1, option: "--limit", minimum: 1) ?? 20
        },
        .flag(["--json"], help: "JSON Lines") { $0.json = true },
        .value(["--name"], "NAME", help: "a name") { $0.names.append($1) },
        .help,
        .version,
    ])

    @Test func fillsTypedOptionsInOrder() throws {
        guard case .run(let options) = try Self.table.parse(["-n", "5", "--name=a", "x", "--limit=7", "--name", "b", "--json"]) else {
            Issue.record("expected options")
            return
        }
        #expect(options.limit == 7)
        #expect(options.names == ["a", "b"])
        #expect(options.json)
        #expect(options.words == ["x"])
    }

    @Test(arguments: [["--help", "--limit", "zero"], ["-h"], ["x", "--version", "--help"]])
    func helpWinsOverBadValues(_ arguments: [String]) throws {
        guard case .help = try Self.table.parse(arguments) else {
            Issue.record("expected help for \(arguments)")
            return
        }
    }

    @Test func versionWhenNoHelp() throws {
        guard case .version = try Self.table.parse(["-V", "--limit", "0"]) else {
            Issue.record("expected version")
            return
        }
    }

    @Test(arguments: [
        (["--limit", "0", "x"], "--limit takes a whole number of at least 1, not '0'"),
        (["--bogus", "x", "--help"], "unknown option --bogus; see --help"),
        ([], "nothing to do"),
    ] as [([String], String)])
    func reportsUsageErrors(_ arguments: [String], message: String) throws {
        let error = try #require(throws: UsageError.self) { try Self.table.parse(arguments) }
        #expect(error.message == message)
    }

    /// The tool says what `--` is for after an unknown option, long, short or in a cluster.
    @Test(arguments: [["--bogus", "x"], ["-x"], ["x", "-zn"], ["--json", "-jx"]])
    func anUnknownOptionEndsWithTheToolsHint(_ arguments: [String]) throws {
        let error = try #require(throws: UsageError.self) {
            try Self.table.parse(arguments, unknownOptionHint: "for a thing that starts with '-', put it after --")
        }
        #expect(error.message.hasPrefix("unknown option -"))
        #expect(error.message.hasSuffix("; see --help (for a thing that starts with '-', put it after --)"))
    }

    @Test func helpLinesComeFromTheTable() {
        #expect(Self.table.helpLines() == [
            "  -n, --limit N  at most N",
            "  --json         JSON Lines",
            "  --name NAME    a name",
            "  -h, --help     show this help",
            "  -V, --version  show the version",
        ])
    }
}
