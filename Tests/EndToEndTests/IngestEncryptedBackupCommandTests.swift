import Foundation
import Testing

/// A partly encrypted Standard Notes backup: `notes-index` indexes its plain notes and names the file with the
/// number of encrypted notes it skipped and what to do (they were dropped without a word).
@Suite struct IngestEncryptedBackupCommandTests {
    @Test func thePlainNotesAreFoundAndTheEncryptedOnesNamed() throws {
        let runner = CommandRunner()
        let name = "Standard Notes Backup and Import File.txt"
        runner.write(name, #"{"version":"004","items":[{"uuid":"a","content_type":"Note","content":"004:nonce:ciphertext:authdata","enc_item_key":"004:k"},{"uuid":"b","content_type":"Note","content":{"title":"Plain","text":"okapi"}}]}"#)
        let run = try runner.index([runner.notes])
        #expect(run.stderr.contains("notes-index: \(runner.notes)/\(name): 1 encrypted note skipped (a partly encrypted Standard Notes backup); export a decrypted backup to index it\n"),
                "\(run.stderr)")
        #expect(run.stderr.contains("1 added, 0 updated, 0 unchanged, 0 removed, 0 skipped, 1 encrypted note skipped; "),
                "\(run.stderr)")
        #expect(run.status == 1, "a note was left out, as for a skipped file or line")
        #expect(try runner.find(["-c", "okapi"]).stdout == "1\n")
    }
}
