import Foundation
import Testing

/// `--open` on a result whose file was deleted since it was indexed ran the editor on the missing file (an
/// empty buffer, as if the note were blank); it now says the file is gone and what to do (exit 2), and runs
/// nothing.
@Suite struct OpenStaleResultTests {
    @Test func aDeletedFileIsNotOpened() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzstale\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        try FileManager.default.removeItem(atPath: runner.notes + "/a.md")
        let marker = runner.workingDirectory + "/editor-ran"
        let editor = runner.workingDirectory + "/editor.sh"
        #expect(FileManager.default.createFile(atPath: editor, contents: Data("#!/bin/sh\ntouch '\(marker)'\n".utf8),
                                               attributes: [.posixPermissions: 0o755]))
        let result = try runner.find(["--open", "zzstale"], environment: ["EDITOR": editor])
        #expect(result.status == 2)
        #expect(result.stderr == "notes-find: \(runner.notes)/a.md no longer exists (moved or deleted since it was indexed); run notes-index on its folder to bring the index up to date\n")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
