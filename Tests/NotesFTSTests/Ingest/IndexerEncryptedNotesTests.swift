import Foundation
import Testing
@testable import NotesFTS

/// A partly encrypted Standard Notes backup: its plain notes are indexed and its encrypted ones are counted
/// and named in one partial warning (they were dropped without a word), whether the file is parsed ahead or
/// streamed by the writer, into an empty index or an existing one.
@Suite struct IndexerEncryptedNotesTests {
    static let backup = #"{"items":[{"uuid":"a","content_type":"Note","content":"004:x"},{"uuid":"b","content_type":"Note","content":{"title":"Plain","text":"okapi"}},{"uuid":"c","content_type":"Note","content":"004:y"}]}"#

    @Test(arguments: [(Indexer.defaultStreamingThreshold, true), (10, true), (Indexer.defaultStreamingThreshold, false), (10, false)])
    func theEncryptedNotesAreCountedAndNamed(streamingThreshold: Int, intoEmptyIndex: Bool) throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        if !intoEmptyIndex {
            folder.write("other.md", "# Other\ntext")
            _ = try folder.index(index)
        }
        let path = folder.write("Standard Notes Backup and Import File.json", Self.backup)
        let indexer = Indexer(index: index)
        indexer.streamingThreshold = streamingThreshold
        var warnings: [IndexWarning] = []
        indexer.onWarning = { warnings.append($0) }
        let summary = try indexer.run(paths: [folder.notes])
        #expect(warnings == [IndexWarning(path: path, reason: "2 encrypted notes skipped (a partly encrypted Standard Notes backup); export a decrypted backup to index them", isPartial: true)])
        #expect(summary.added == 1 && summary.skipped == 0 && summary.skippedNotes == 2 && summary.skippedLines == 0, "\(summary)")
        #expect(try index.titles("okapi") == ["Plain"])
        #expect(index.isConsistent)
    }
}
