import Testing
@testable import NotesCLI
import NotesFTS

@Suite struct IndexSummaryLineTests {
    @Test func namesOtherFilesByKindMostFrequentFirst() {
        var summary = IndexSummary()
        summary.seen = 3
        summary.otherFiles = [".pdf": 3, ".png": 9, "symbolic link": 1, ".csv": 1]
        #expect(summary.line.contains("0 skipped; 14 other files not read: 9 .png, 3 .pdf, 1 .csv, 1 symbolic link; 0 notes in the index"))
    }

    @Test func saysNothingAboutOtherFilesWhenThereAreNone() {
        #expect(IndexSummary().line.contains("0 skipped; 0 notes in the index"))
    }

    @Test func kindsThatAreNounsTakeThePlural() {
        var summary = IndexSummary()
        summary.otherFiles = ["symbolic link": 2, "broken symbolic link": 3, "special file": 1, ".png": 2, "no extension": 2]
        #expect(summary.line.contains("; 10 other files not read: 3 broken symbolic links, 2 .png, 2 no extension, 2 symbolic links, 1 special file; "))
    }

    @Test func oneOtherFileIsSingular() {
        var summary = IndexSummary()
        summary.otherFiles = ["no extension": 1]
        #expect(summary.line.contains("; 1 other file not read: 1 no extension; "))
    }

    /// Files that hold no note and encrypted notes left out are counted apart, so the counts add up to the
    /// files seen; each is named only when there were some.
    @Test func namesFilesWithNoNotesAndEncryptedNotesSkipped() {
        var summary = IndexSummary()
        summary.seen = 4
        summary.read = 4
        summary.added = 2
        summary.empty = 1
        summary.skipped = 1
        summary.skippedNotes = 3
        #expect(summary.line.hasPrefix("4 files seen, 4 read: 2 added, 0 updated, 0 unchanged, 1 with no notes, 0 removed, 1 skipped, 3 encrypted notes skipped; "))
        summary.skippedNotes = 1
        #expect(summary.line.contains("1 skipped, 1 encrypted note skipped; "))
        #expect(!IndexSummary().line.contains("with no notes"))
        #expect(!IndexSummary().line.contains("encrypted"))
    }
}
