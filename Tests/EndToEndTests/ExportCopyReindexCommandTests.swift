import Foundation
import Testing

/// A `.txt` note indexed before a Simplenote `notes.json` holding the same note appeared beside it: the re-run
/// leaves the `.txt` out as the export's copy and removes its old note (counted as removed), so the note is
/// found once; once the export is deleted, the `.txt` is indexed again.
@Suite struct ExportCopyReindexCommandTests {
    @Test func aTextNoteThatBecomesASimplenoteCopyIsFoundOnce() throws {
        let runner = CommandRunner()
        runner.write("a.txt", "Zebrafish dinner plan\nBuy zebrafish food tomorrow\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        runner.write("notes.json", #"{"activeNotes":[{"id":"1","content":"Zebrafish dinner plan\nBuy zebrafish food tomorrow","tags":[]}],"trashedNotes":[]}"#)
        let run = try runner.index([runner.notes])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1 added, 0 updated, 0 unchanged, 1 removed"), "\(run.stderr)")
        #expect(run.stderr.contains("1 export copies left out; 1 notes in the index"), "\(run.stderr)")
        #expect(try runner.find(["-c", "zebrafish"]).stdout == "1\n")

        let again = try runner.index([runner.notes])
        #expect(again.stderr.contains("0 read: 0 added, 0 updated, 1 unchanged, 0 removed"), "\(again.stderr)")
        #expect(try runner.find(["-c", "zebrafish"]).stdout == "1\n")

        try FileManager.default.removeItem(atPath: runner.notes + "/notes.json")
        let back = try runner.index([runner.notes])
        #expect(back.stderr.contains("1 added, 0 updated, 0 unchanged, 1 removed"), "\(back.stderr)")
        #expect(try runner.find(["-c", "zebrafish"]).stdout == "1\n")
    }
}
