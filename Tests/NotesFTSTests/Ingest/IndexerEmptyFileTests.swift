import Foundation
import Testing
@testable import NotesFTS

/// A file read that holds no note is counted as empty, not as added or updated (the summary said "1 added"
/// for an empty export array); it is recorded, so a re-run does not read it again, and an empty `.json` is
/// no error (an empty `.txt` or `.jsonl` never was).
@Suite struct IndexerEmptyFileTests {
    static let emptyFiles: [(name: String, text: String)] = [
        ("array.json", "[]"),
        ("zero.json", ""),
        ("blank.json", " \r\n\t\n"),
        ("bom.json", "\u{FEFF}"),
        ("wrapped.json", #"{"notes": []}"#),
        ("simplenote.json", #"{"activeNotes": [], "trashedNotes": [{"id": "1", "content": "gone"}]}"#),
        ("trashed.json", #"[{"title": "Old", "textContent": "x", "isTrashed": true}]"#),
        ("lines.jsonl", "\n\n"),
    ]

    private func run(_ folder: TestFolder, _ index: NoteIndex, streamingThreshold: Int) throws -> (IndexSummary, [IndexWarning]) {
        let indexer = Indexer(index: index)
        indexer.streamingThreshold = streamingThreshold
        var warnings: [IndexWarning] = []
        indexer.onWarning = { warnings.append($0) }
        return (try indexer.run(paths: [folder.notes]), warnings)
    }

    @Test(arguments: emptyFiles, [Indexer.defaultStreamingThreshold, 0])
    func aFileWithoutNotesIsCountedAsEmpty(file: (name: String, text: String), streamingThreshold: Int) throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        folder.write("note.md", "# Note\ntext")
        _ = try run(folder, index, streamingThreshold: streamingThreshold)
        folder.write(file.name, file.text)
        var (summary, warnings) = try run(folder, index, streamingThreshold: streamingThreshold)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(summary.read == 1 && summary.empty == 1 && summary.added == 0 && summary.skipped == 0, "\(summary)")
        (summary, _) = try run(folder, index, streamingThreshold: streamingThreshold)
        #expect(summary.read == 0 && summary.unchanged == 2 && summary.empty == 0, "\(summary)")
        #expect(summary.notes == 1)
    }

    /// Into an empty index (the bulk first build): the empty file is counted apart from the note file.
    @Test func theFirstBuildCountsEmptyFilesApart() throws {
        let folder = TestFolder()
        folder.write("note.md", "# Note\ntext")
        folder.write("array.json", "[]")
        let index = try folder.openIndex()
        let (summary, warnings) = try folder.index(index)
        #expect(warnings.isEmpty)
        #expect(summary.added == 1 && summary.empty == 1 && summary.read == 2 && summary.notes == 1, "\(summary)")
    }

    /// A changed file that now holds no note: its notes are removed and it counts as empty, not updated.
    @Test(arguments: [Indexer.defaultStreamingThreshold, 0])
    func aFileThatLosesAllItsNotesIsEmpty(streamingThreshold: Int) throws {
        let folder = TestFolder()
        folder.write("export.json", #"[{"title": "One", "body": "wombat"}]"#)
        let index = try folder.openIndex()
        _ = try run(folder, index, streamingThreshold: streamingThreshold)
        folder.write("export.json", "[ ]")
        let (summary, _) = try run(folder, index, streamingThreshold: streamingThreshold)
        #expect(summary.empty == 1 && summary.updated == 0 && summary.notes == 0, "\(summary)")
        #expect(try index.titles("wombat").isEmpty)
        #expect(index.isConsistent)
    }
}
