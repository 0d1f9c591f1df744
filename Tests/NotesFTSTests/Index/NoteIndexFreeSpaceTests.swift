import Foundation
import Testing
@testable import NotesFTS
@testable import SQLiteKit

@Suite struct NoteIndexFreeSpaceTests {
    /// Writes `count` notes of a few kilobytes each, every one holding `shared` and its own word `wordN`.
    private func writeNotes(_ folder: TestFolder, count: Int, shared: String = "lighthouse") {
        for number in 0..<count {
            let filler = (0..<300).map { "w\(number)x\($0 % 37)" }.joined(separator: " ")
            folder.write("n\(number).md", "# Note \(number)\n\n\(shared) word\(number) \(filler)\n")
        }
    }

    private func pragma(_ index: NoteIndex, _ name: String) throws -> Int {
        try index.connection.scalarInt("PRAGMA \(name)") ?? -1
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }

    @Test func aNewIndexHasIncrementalAutoVacuum() throws {
        let index = try TestFolder().openIndex()
        #expect(try pragma(index, "auto_vacuum") == 2)
        #expect(try index.connection.scalarText("PRAGMA journal_mode") == "wal")
    }

    @Test func aRunThatDeletesMostNotesGivesTheirPagesBack() throws {
        let folder = TestFolder()
        writeNotes(folder, count: 120)
        let index = try folder.openIndex()
        _ = try folder.index(index)
        let pagesBefore = try pragma(index, "page_count")
        for number in 20..<120 { folder.remove("n\(number).md") }
        let (summary, _) = try folder.index(index)
        #expect(summary.removed == 100)
        #expect(try pragma(index, "freelist_count") == 0)
        #expect(try pragma(index, "page_count") < pagesBefore)
        #expect(index.isConsistent)
        #expect(try index.titles("lighthouse").count == 20)
        #expect(try index.titles("word7") == ["Note 7"])
        #expect(try index.titles("word70").isEmpty)
    }

    @Test func freePagesBelowTheShareStayForTheNextWrites() throws {
        let folder = TestFolder()
        writeNotes(folder, count: 60)
        let index = try folder.openIndex()
        _ = try folder.index(index)
        for number in 0..<10 { try index.removeSource(path: folder.notes + "/n\(number).md") }
        let free = try pragma(index, "freelist_count")
        #expect(free > 0)
        #expect(try index.reclaimFreeSpace(minimumShare: 0.9) == .none)
        #expect(try pragma(index, "freelist_count") == free)
        #expect(index.isConsistent)
    }

    @Test func anIndexWithoutAutoVacuumIsRewrittenOnceWhenMuchOfItIsFree() throws {
        let folder = TestFolder()
        writeNotes(folder, count: 80)
        let index = try folder.openIndex()
        _ = try folder.index(index)
        // As an index made before auto-vacuum was turned on.
        try index.connection.execute("PRAGMA auto_vacuum=NONE; VACUUM")
        #expect(try pragma(index, "auto_vacuum") == 0)
        for number in 10..<80 { try index.removeSource(path: folder.notes + "/n\(number).md") }
        #expect(try pragma(index, "freelist_count") > 0)

        guard case .vacuumed(let pages) = try index.reclaimFreeSpace() else {
            Issue.record("expected a VACUUM")
            return
        }
        #expect(pages > 0)
        #expect(try pragma(index, "auto_vacuum") == 2)
        #expect(try pragma(index, "freelist_count") == 0)
        #expect(index.isConsistent)
        #expect(try index.titles("lighthouse").count == 10)
    }

    @Test func aRunWithNothingChangedLeavesTheFileTheSameSize() throws {
        let folder = TestFolder()
        writeNotes(folder, count: 40)
        var index = try folder.openIndex()
        _ = try folder.index(index)
        index.close()
        let size = try fileSize(folder.database)
        index = try folder.openIndex()
        let (summary, _) = try folder.index(index)
        index.close()
        #expect(summary.unchanged == 40)
        #expect(try fileSize(folder.database) == size)
    }
}
