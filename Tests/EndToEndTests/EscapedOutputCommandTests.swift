import Foundation
import Testing

/// notes-find's human output shows file names, titles and snippets escaped as `ls -b` does, a backslash as
/// `\\`, so a name holding a control character never looks like one holding the text of its escape; `-l`,
/// `-0` (to a pipe) and `--json` stay exact.
@Suite struct EscapedOutputCommandTests {
    /// A hostile name (used as the file name, in the title and in the text), how a terminal shows it, and
    /// how it shows in a title or snippet (the reader turns C0 controls in note text into spaces).
    static let names: [(String, String, String)] = [
        ("c1\\302\\233x", "c1\\\\302\\\\233x", "c1\\\\302\\\\233x"),
        ("c1\u{9B}x", "c1\\302\\233x", "c1\\302\\233x"),
        ("back\\slash", "back\\\\slash", "back\\\\slash"),
        ("esc\u{1B}[2J", "esc\\033[2J", "esc [2J"),
        ("esc\\033[2J", "esc\\\\033[2J", "esc\\\\033[2J"),
        ("two\\\\n", "two\\\\\\\\n", "two\\\\\\\\n"),
        ("rlo\u{202E}txt.exe", "rlo\\342\\200\\256txt.exe", "rlo\\342\\200\\256txt.exe"),
        ("isolate\u{2067}x\u{2069}", "isolate\\342\\201\\247x\\342\\201\\251", "isolate\\342\\201\\247x\\342\\201\\251"),
    ]

    private func indexed(_ raw: String) throws -> CommandRunner {
        let runner = CommandRunner()
        runner.write(raw + ".md", "# Title \(raw)\n\nzebrafish \(raw)\n")
        #expect(try runner.index([runner.notes]).status == 0)
        return runner
    }

    @Test(arguments: names)
    func humanOutputShowsTheNameEscaped(raw: String, shown: String, shownInText: String) throws {
        let runner = try indexed(raw)
        let result = try runner.find(["--color", "never", "zebrafish"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("notes/\(shown).md:3  Title \(shownInText)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("zebrafish \(shownInText)\n"), "\(result.stdout)")
    }

    @Test(arguments: names)
    func pathsToAPipeAndJSONStayExact(raw: String, shown: String, shownInText: String) throws {
        let runner = try indexed(raw)
        #expect(try runner.find(["-l", "zebrafish"]).stdout == "notes/\(raw).md\n")
        #expect(try runner.find(["-l", "-0", "zebrafish"]).stdout == "notes/\(raw).md\u{0}")
        let line = try #require(try runner.find(["--json", "zebrafish"]).stdout.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect((object["path"] as? String)?.hasSuffix("/notes/\(raw).md") == true, "\(object)")
        if !raw.contains("\u{1B}") { #expect(object["title"] as? String == "Title \(raw)") }
    }

    @Test func aControlCharacterAndItsEscapeTypedOutAreShownApart() throws {
        let runner = CommandRunner()
        runner.write("c1\u{9B}x.md", "zebrafish one\n")
        runner.write("c1\\302\\233x.md", "zebrafish two\n")
        #expect(try runner.index([runner.notes]).status == 0)
        let headings = try runner.find(["--color", "never", "--sort", "path", "zebrafish"]).stdout
            .split(separator: "\n").filter { $0.hasPrefix("notes/") }
        let shownPaths = headings.map { $0.components(separatedBy: ".md:")[0] }
        #expect(shownPaths.count == 2)
        #expect(Set(shownPaths).count == 2, "\(headings)")
    }
}
