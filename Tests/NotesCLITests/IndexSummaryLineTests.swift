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

    @Test func oneOtherFileIsSingular() {
        var summary = IndexSummary()
        summary.otherFiles = ["no extension": 1]
        #expect(summary.line.contains("; 1 other file not read: 1 no extension; "))
    }
}
