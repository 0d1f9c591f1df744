import Testing
@testable import NotesFTS

@Suite struct GlobPatternTests {
    /// (glob, path, matches)
    static let table: [(String, String, Bool)] = [
        ("*.md", "a.md", true),
        ("*.md", "a.txt", false),
        ("*.md", "dir/a.md", false),
        ("*", "anything", true),
        ("*", "a/b", false),
        ("a*b", "ab", true),
        ("a*b", "axxb", true),
        ("a*b", "axxbc", false),
        ("a*b*c", "abxbxc", true),
        ("?.md", "a.md", true),
        ("?.md", "ab.md", false),
        ("a?b", "a/b", false),
        ("[abc].md", "b.md", true),
        ("[abc].md", "d.md", false),
        ("[a-c]x", "bx", true),
        ("[a-c]x", "dx", false),
        ("[!a-c]x", "dx", true),
        ("[!a-c]x", "ax", false),
        ("[^a-c]x", "dx", true),
        ("[]]x", "]x", true),
        ("[a-]x", "-x", true),
        ("a[/]b", "a/b", false),
        ("[unterminated", "[unterminated", true),
        ("\\*.md", "*.md", true),
        ("\\*.md", "a.md", false),
        ("\\[x]", "[x]", true),
        ("**", "a", true),
        ("**", "a/b/c", true),
        ("**/notes", "notes", true),
        ("**/notes", "a/b/notes", true),
        ("**/notes", "a/notes/b", false),
        ("a/**/b", "a/b", true),
        ("a/**/b", "a/x/y/b", true),
        ("a/**/b", "a/x/y/c", false),
        ("drafts/**", "drafts/x.md", true),
        ("drafts/**", "drafts/deep/x.md", true),
        ("drafts/**", "drafts", false),
        ("a**b", "axxb", true),
        ("a**b", "ax/xb", false),
        ("a/b", "a/b", true),
        ("a/b", "a/b/c", false),
        ("a/*/c", "a/x/c", true),
        ("a/*/c", "a/x/y/c", false),
        ("노트*", "노트-2024.md", true),
        ("*.MD", "a.md", false),
        ("café?", "cafés", true),
    ]

    @Test(arguments: table)
    func matches(_ glob: String, _ path: String, _ expected: Bool) {
        #expect(GlobPattern(glob).matches(path) == expected, "\(glob) vs \(path)")
    }

    @Test func starBacktrackingIsLinearEnough() {
        // A pathological glob must still answer (no exponential backtracking).
        let glob = GlobPattern(String(repeating: "a*", count: 30) + "b")
        #expect(!glob.matches(String(repeating: "a", count: 200)))
    }
}
