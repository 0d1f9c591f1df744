import Foundation
import Testing
@testable import NotesFTS

@Suite struct FileDatesTests {
    @Test(arguments: [
        ("/j/2024-01-31.md", "2024-01-31"), ("/j/20240131 standup.txt", "2024-01-31"), ("/j/2024_01_31.md", "2024-01-31"),
        ("/j/2024-03-05-주간회의.md", "2024-03-05"), ("/2023-12-01/notes.md", nil), ("/j/1202401315.md", nil),
        ("/j/2024-13-01.md", nil), ("/j/2024-0131.md", nil), ("/j/스탠드업-0415.txt", nil), ("/j/v20240131x.md", "2024-01-31"),
    ])
    func dateInFileName(path: String, day: String?) {
        #expect(FileDates.dateInName(path).map { String(Timestamp.format($0).prefix(10)) } == day)
    }

    private let mtime = Date(timeIntervalSince1970: 1_790_000_000)
    private let birth = Date(timeIntervalSince1970: 1_780_000_000)

    private func complete(_ note: Note, path: String) -> Note {
        var dated = note
        let birth = birth
        FileDates(path: path, modified: mtime, birth: { birth }).complete(&dated)
        return dated
    }

    @Test func ownDatesComeFirstAndCreatedStandsInForModified() {
        let own = Date(timeIntervalSince1970: 1_700_000_000)
        let note = complete(Note(path: "/n/2024-01-01.md", title: "t", body: "", created: own), path: "/n/2024-01-01.md")
        #expect(note.created == own && note.createdFrom == .note)
        #expect(note.modified == own && note.modifiedFrom == .note)
    }

    @Test func aDailyNoteIsDatedByItsName() {
        let note = complete(Note(path: "/n/2024-01-01.md", title: "t", body: ""), path: "/n/2024-01-01.md")
        #expect(Samples.stamp(note.created) == "2024-01-01T00:00:00Z" && note.createdFrom == .fileName)
        #expect(Samples.stamp(note.modified) == "2024-01-01T00:00:00Z" && note.modifiedFrom == .fileName)
    }

    @Test func otherwiseTheFileSystemDatesIt() {
        let note = complete(Note(path: "/n/idea.md", title: "t", body: ""), path: "/n/idea.md")
        #expect(note.created == birth && note.createdFrom == .fileSystem)
        #expect(note.modified == mtime && note.modifiedFrom == .fileSystem)
    }

    /// The birth time is the file's birth, not its status change: a `chmod` after the file was made moves
    /// `ctime` (what Foundation's `creationDate` gives on Linux), never the birth time. Compared with what
    /// `stat -c %W` reads (0 where the file system keeps no birth time: then there is none).
    @Test func theBirthTimeIsNotTheStatusChangeTime() throws {
        let folder = TestFolder()
        folder.write("born.md", "# born\n")
        let path = folder.notes + "/born.md"
        Thread.sleep(forTimeInterval: 1.1)
        #expect(chmod(path, 0o600) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/stat")
        process.arguments = ["-c", "%W %Z", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let fields = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ")
        let born = Int(fields.first ?? "") ?? 0, changed = Int(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        #expect(changed > 0)
        guard let found = FileDates.birthTime(path) else {
            #expect(born == 0, "the file system keeps a birth time (\(born)) that was not read")
            return
        }
        #expect(Int(found.timeIntervalSince1970.rounded(.down)) == born)
        #expect(found.timeIntervalSince1970 < Double(changed))
    }
}
