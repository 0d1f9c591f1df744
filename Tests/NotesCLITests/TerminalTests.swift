import Testing
@testable import NotesCLI

@Suite struct TerminalTests {
    @Test(arguments: [
        (ColorChoice.auto, true, [String: String](), true),
        (.auto, false, [:], false),
        (.auto, true, ["NO_COLOR": "1"], false),
        (.auto, true, ["NO_COLOR": ""], true),
        (.auto, true, ["TERM": "dumb"], false),
        (.always, false, ["NO_COLOR": "1"], true),
        (.never, true, [:], false),
    ])
    func colorDecision(choice: ColorChoice, isTerminal: Bool, environment: [String: String], expected: Bool) {
        #expect(choice.enabled(isTerminal: isTerminal, environment: environment) == expected)
    }

    @Test func parsesColorValues() throws {
        #expect(try ColorChoice.parse(nil) == .auto)
        #expect(try ColorChoice.parse("ALWAYS") == .always)
        #expect(throws: UsageError("--color takes auto, always or never, not 'sometimes'")) { try ColorChoice.parse("sometimes") }
    }

    @Test func styleIsInvisibleWhenOff() {
        let off = Style(enabled: false)
        #expect(off.path("a") == "a" && off.matchOpen.isEmpty && off.matchClose.isEmpty)
        let on = Style(enabled: true)
        #expect(on.path("a") == "\u{1B}[35ma\u{1B}[0m")
    }
}
