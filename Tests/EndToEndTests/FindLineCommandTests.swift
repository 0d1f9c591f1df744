import Foundation
import Testing

/// The `line` of a result (`path:LINE`, `--json`, `--open`): in a text file, the line of the first match; in a
/// file whose notes are decoded from it (JSON, JSON Lines, HTML), the line where the note starts, since the
/// newlines of a decoded body are no lines of the file (a reviewer found `line` 3 in a one-line `.jsonl`).
@Suite struct FindLineCommandTests {
    @Test(arguments: [("zzmarkdown", 4), ("zzjsonlines", 2), ("zzjson", 2), ("zzhtml", 1), ("zzdecoded", 1)])
    func theLineIsTheMatchsInTextAndTheNotesInDecodedFiles(word: String, line: Int) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# Title\n\nfirst\nsecond zzmarkdown\n")
        runner.write("j.jsonl", "{\"title\": \"one\", \"body\": \"x\"}\n{\"title\": \"J\", \"body\": \"first\\nsecond\\nthird zzjsonlines\"}\n")
        runner.write("p.json", "[\n  {\n    \"title\": \"Pretty\",\n    \"body\": \"alpha\\nbeta zzjson\"\n  }\n]\n")
        runner.write("page.html", "<html>\n<head>\n<title>Page</title>\n</head>\n<body>\n<p>one</p>\n<p>two</p>\n<p>the zzhtml</p>\n</body></html>\n")
        runner.write("q.jsonl", "{\"title\": \"Q\", \"body\": \"a\\nb\\nc\\nzzdecoded\"}\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        let found = try runner.find(["--json", word])
        let object = try #require(found.stdout.split(separator: "\n").first.flatMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        })
        #expect(object["line"] as? Int == line, "\(word): \(found.stdout)")
        #expect(try runner.find(["--substring", word, "--json"]).stdout.contains("\"line\":\(line),"), "\(word)")
    }
}
