import Foundation
import Testing

/// `notes-find --substring`: what `LIKE '%TEXT%'` finds, even inside a user-perceived character.
@Suite struct FindSubstringCommandTests {
    @Test(arguments: [("हिंद", "h.md"), ("👍", "e.md"), ("keycap 1", "e.md")])
    func findsTextInsideMultiScalarCharacters(text: String, file: String) throws {
        let runner = CommandRunner()
        runner.write("h.md", "# H\n\nमुझे हिंदी पसंद है\n")
        runner.write("e.md", "# E\n\nthumbs 👍🏽 ok, keycap 1️⃣\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let count = try runner.find(["-c", "--substring", text])
        #expect(count.stdout == "1\n" && count.status == 0)
        let listed = try runner.find(["-l", "--substring", text])
        #expect(listed.stdout == "notes/\(file)\n")
        let json = try runner.find(["--json", "--substring", text])
        let line = try #require(json.stdout.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        // `highlights` are code-point offsets into `text`: they cover exactly the text searched for.
        let shown = try #require(object["text"] as? String)
        let highlights = try #require(object["highlights"] as? [[Int]])
        let scalars = Array(shown.unicodeScalars)
        #expect(highlights.map { String(String.UnicodeScalarView(scalars[$0[0]..<$0[1]])) } == [text])
    }
}
