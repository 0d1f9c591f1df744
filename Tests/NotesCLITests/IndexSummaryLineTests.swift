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
}
