import Foundation
import Testing

/// A relative `--db` (or `NOTES_DB`) of one character (`x`, `-`, `x/`) crashed both tools in Foundation's
/// `deletingLastPathComponent` (signal 4); it is a file in the current folder like any other name.
@Suite struct OneCharacterDatabaseTests {
    @Test(arguments: ["x", "-"])
    func aOneCharacterIndexNameIsIndexedAndSearched(name: String) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzone\n")
        let indexed = try runner.run("notes-index", ["-q", "--db", name, runner.notes])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(FileManager.default.fileExists(atPath: runner.workingDirectory + "/" + name))
        let found = try runner.run("notes-find", ["-c", "zzone"], environment: ["NOTES_DB": name])
        #expect(found.status == 0 && found.stdout == "1\n", "\(found.stderr)")
    }
}
