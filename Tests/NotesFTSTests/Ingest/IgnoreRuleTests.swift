import Testing
@testable import NotesFTS

@Suite struct IgnoreRuleTests {
    /// (line, path relative to the ignore file's folder, is a folder, matches)
    static let table: [(String, String, Bool, Bool)] = [
        ("build/", "build", true, true),
        ("build/", "build", false, false),          // folders only
        ("build/", "src/build", true, true),        // no inner slash: any depth
        ("build", "src/build", false, true),
        ("/build", "build", true, true),            // leading slash: anchored
        ("/build", "src/build", true, false),
        ("doc/frotz", "doc/frotz", true, true),     // inner slash: anchored
        ("doc/frotz", "a/doc/frotz", true, false),
        ("doc/frotz/", "doc/frotz", true, true),
        ("*.log", "deep/down/x.log", false, true),
        ("node_modules", "web/node_modules", true, true),
        ("**/cache", "x/cache", true, true),
        ("**/cache", "cache", true, true),
        ("drafts/**", "drafts/a.md", false, true),
        ("drafts/**", "drafts", true, false),
        ("a/**/b", "a/b", false, true),
        ("!keep.md", "keep.md", false, true),       // matches; the rule re-includes
        ("\\!bang.md", "!bang.md", false, true),
        ("\\#hash.md", "#hash.md", false, true),
        ("trail.md   ", "trail.md", false, true),   // trailing spaces dropped
        ("space\\ ", "space ", false, true),        // escaped trailing space kept
        ("crlf.md\r", "crlf.md", false, true),
    ]

    @Test(arguments: table)
    func matches(_ line: String, _ path: String, _ isFolder: Bool, _ expected: Bool) throws {
        let rule = try #require(IgnoreRule(line[...], origin: "test"))
        #expect(rule.matches(path, isFolder: isFolder) == expected, "\(line) vs \(path)")
    }

    @Test(arguments: ["", "   ", "# comment", "!", "/", "!/"])
    func linesThatAreNotRules(_ line: String) {
        #expect(IgnoreRule(line[...], origin: "test") == nil)
    }

    @Test func negationAndFoldersOnlyAreRecorded() throws {
        let rule = try #require(IgnoreRule("!logs/"[...], origin: "x"))
        #expect(rule.isNegated && rule.matchesFoldersOnly)
    }

    @Test func rulesOfAFileCarryTheirLineNumbers() {
        let rules = IgnoreRule.rules(in: "# header\n\n*.tmp\n!keep.tmp\n", origin: "/n/.gitignore")
        #expect(rules.map(\.origin) == ["/n/.gitignore:3", "/n/.gitignore:4"])
        #expect(rules.map(\.line) == ["*.tmp", "!keep.tmp"])
    }
}
