import Foundation
import Testing
@testable import NotesFTS

/// JSON files above ``Indexer/streamingThreshold`` are streamed into the index by the writer, one note at a time.
@Suite struct IndexerStreamingTests {
    private func run(_ folder: TestFolder, _ index: NoteIndex) throws -> (IndexSummary, [IndexWarning]) {
        let indexer = Indexer(index: index)
        indexer.streamingThreshold = 10
        var warnings: [IndexWarning] = []
        indexer.onWarning = { warnings.append($0) }
        return (try indexer.run(paths: [folder.notes]), warnings)
    }

    private func ids(_ index: NoteIndex, _ word: String) throws -> [Int64] {
        try index.search(word).map(\.id)
    }

    @Test func streamedFilesAreIndexedThenUpdatedInPlace() throws {
        let folder = TestFolder()
        folder.write("big.json", #"[{"title": "One", "body": "alpha"}, {"title": "Two", "body": "bravo"}, {"title": "Three", "body": "charlie", "isTrashed": false}]"#)
        folder.write("small.md", "# Small\ndelta")
        let index = try folder.openIndex()
        let (first, warnings) = try run(folder, index)
        #expect(warnings.isEmpty)
        #expect(first.added == 2 && first.notes == 4)
        #expect(try index.titles("alpha OR bravo OR charlie") .sorted() == ["One", "Three", "Two"])
        #expect(index.isConsistent)
        let bravo = try ids(index, "bravo")
        folder.write("big.json", #"[{"title": "One", "body": "alpha changed"}, {"title": "Two", "body": "bravo"}]"#)
        let (second, _) = try run(folder, index)
        #expect(second.updated == 1 && second.notes == 3)
        #expect(try ids(index, "bravo") == bravo)
        #expect(try index.titles("changed") == ["One"] && index.titles("charlie").isEmpty)
        #expect(index.isConsistent)
    }

    @Test func aBrokenStreamedFileKeepsItsEarlierNotes() throws {
        let folder = TestFolder()
        folder.write("big.json", #"[{"title": "Kept", "body": "alpha"}]"#)
        let index = try folder.openIndex()
        _ = try run(folder, index)
        folder.write("big.json", #"[{"title": "New", "body": "bravo"}, {"title": "#)
        let (summary, warnings) = try run(folder, index)
        #expect(summary.skipped == 1)
        #expect(warnings.map(\.reason) == ["malformed JSON at line 1 (unexpected end of input)"])
        #expect(try index.titles("alpha") == ["Kept"] && index.titles("bravo").isEmpty)
        #expect(index.isConsistent)
    }

    @Test func aBadJSONLinesLineIsReportedAndTheRestIndexed() throws {
        let folder = TestFolder()
        folder.write("log.jsonl", "{\"title\": \"a\", \"body\": \"alpha\"}\r\n{oops\r\n{\"title\": \"c\", \"body\": \"charlie\"}\r\n")
        let index = try folder.openIndex()
        let (summary, warnings) = try run(folder, index)
        // A line left out, not the file: the file is added, the line counted apart and its warning partial.
        #expect(summary.skipped == 0 && summary.skippedLines == 1 && summary.added == 1 && summary.notes == 2)
        #expect(warnings.map(\.reason) == ["malformed JSON at line 2 (expected a key in quotes); line skipped"])
        #expect(warnings.map(\.isPartial) == [true])
        #expect(try index.search("charlie").map(\.line) == [3])
        #expect(index.isConsistent)
    }
}
