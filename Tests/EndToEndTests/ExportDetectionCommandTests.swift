import Foundation
import Testing

/// Files taken for an app's export by a detail of their layout (a reviewer's findings, each reproduced twice):
/// an `"entries"` wrapper read as Day One (every note dropped, exit 0), a `.txt` note starting with `{` and
/// mentioning `"content_type"` read as a Standard Notes backup (skipped as malformed JSON), and an encrypted
/// Standard Notes backup reported as read with 0 notes.
@Suite struct ExportDetectionCommandTests {
    @Test func anEntriesWrapperOfPlainNotesIsIndexed() throws {
        let runner = CommandRunner()
        runner.write("export.json", #"{"entries":[{"title":"Shopping","content":"buy narwhal food"},{"title":"Second","body":"other text"}]}"#)
        let run = try runner.index([runner.notes])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("2 notes in the index"), "\(run.stderr)")
        #expect(try runner.find(["-c", "narwhal"]).stdout == "1\n")
    }

    @Test func aTextNoteThatStartsLikeJSONReplacesItsOldText() throws {
        let runner = CommandRunner()
        runner.write("api.txt", "upload API notes: pangolin\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        runner.write("api.txt", "{\"content_type\": \"application/json\", \"status\": 200}\nupload API notes: pangolin, retry header\n")
        let run = try runner.index([runner.notes])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try runner.find(["-c", "retry"]).stdout == "1\n")
    }

    @Test func anEncryptedStandardNotesBackupIsNamedAndSkipped() throws {
        let runner = CommandRunner()
        let name = "Standard Notes Backup and Import File.txt"
        runner.write(name, #"{"version":"004","items":[{"uuid":"a","content_type":"Note","content":"004:nonce:ciphertext:authdata","enc_item_key":"004:k","created_at":"2024-06-01T08:00:00.000Z","updated_at":"2024-06-01T08:00:00.000Z"}]}"#)
        let run = try runner.index([runner.notes])
        #expect(run.status == 1)
        #expect(run.stderr.contains("notes-index: skipped \(runner.notes)/\(name): encrypted Standard Notes backup; export a decrypted backup to index it\n"),
                "\(run.stderr)")
        #expect(run.stderr.contains("1 skipped"), "\(run.stderr)")
    }
}
