import Testing
@testable import NotesCLI

/// The `--substring TEXT` option of notes-find parses like any valued option, including Hangul values.
@Suite struct SubstringOptionTests {
    let parser = ArgumentParser(options: [
        OptionSpec(["--substring"], value: "TEXT", help: "substring search"),
        OptionSpec(["--db"], value: "PATH", help: "index file"),
    ])

    @Test func takesAHangulValue() throws {
        let parsed = try parser.parse(["--db", "x.sqlite", "--substring", "의원은"])
        #expect(parsed.value("--substring") == "의원은")
        #expect(parsed.positionals.isEmpty)
    }

    @Test func takesAnEqualsValueWithSpaces() throws {
        let parsed = try parser.parse(["--substring=log entry"])
        #expect(parsed.value("--substring") == "log entry")
    }
}
