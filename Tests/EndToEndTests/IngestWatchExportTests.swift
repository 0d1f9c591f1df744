import Foundation
import Testing

/// `notes-index --watch` when a Simplenote `notes.json` appears beside `.txt` notes already indexed: the `.txt`
/// copies of its notes lose their notes at once (each note was found twice until the folder was walked
/// again), and are notes again once the export is deleted.
@Suite(.serialized) struct IngestWatchExportTests {
    @Test(.enabled(if: watchIsSupported), .timeLimit(.minutes(2)))
    func anExportAppearingBesideItsCopiesIsFoundOnce() throws {
        let runner = CommandRunner()
        runner.write("a.txt", "Zebrafish dinner plan\nBuy zebrafish food tomorrow\n")
        let watcher = try BackgroundCommand(runner, "notes-index", ["--db", runner.database, "--watch", runner.notes])
        #expect(BackgroundCommand.eventually(within: 30) { watcher.stderr.contains("watching") })
        #expect(try runner.find(["-c", "zebrafish"]).stdout == "1\n")

        runner.write("source/notes.json", #"{"activeNotes":[{"id":"1","content":"Zebrafish dinner plan\nBuy zebrafish food tomorrow","tags":["pets"]}]}"#)
        #expect(try BackgroundCommand.eventually(within: 20) {
            try runner.find(["-l", "zebrafish"]).stdout == "notes/source/notes.json\n"
        })
        try FileManager.default.removeItem(atPath: runner.notes + "/source")
        #expect(try BackgroundCommand.eventually(within: 20) { try runner.find(["-l", "zebrafish"]).stdout == "notes/a.txt\n" })
        #expect(watcher.interrupt(waitingSeconds: 10) == 0)
        #expect(try runner.index(["--check"]).status == 0)
    }
}

#if os(Linux)
private let watchIsSupported = true
#else
private let watchIsSupported = false
#endif
