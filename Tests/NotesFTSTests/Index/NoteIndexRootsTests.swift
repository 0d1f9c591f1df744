import Foundation
import Testing
@testable import NotesFTS

@Suite struct NoteIndexRootsTests {
    @Test func indexingRecordsRootsWithTheirCounts() throws {
        let folder = TestFolder()
        folder.write("a.md", "# A\nalpha")
        folder.write("sub/b.json", #"[{"title": "B1"}, {"title": "B2"}]"#)
        let single = folder.write("../single.md", "# Single")
        let index = try folder.openIndex()
        _ = try Indexer(index: index).run(paths: [folder.notes, single, folder.root + "/missing"])
        let roots = try index.roots()
        #expect(roots.map(\.path) == [folder.notes, PathNormalization.absolute(single)])
        #expect(roots.map(\.files) == [2, 1] && roots.map(\.notes) == [3, 1])
        #expect(try index.unrootedFileCount() == 0)
    }

    @Test func forgetRemovesARootsNotesAndNothingElse() throws {
        let folder = TestFolder()
        folder.write("a.md", "# A\nalpha")
        folder.write("sub/b.md", "# B\nbravo")
        let sibling = folder.write("../notes2/c.md", "# C\ncharlie")
        let index = try folder.openIndex()
        _ = try Indexer(index: index).run(paths: [folder.notes, folder.notes + "/sub", folder.root + "/notes2"])
        let removed = try index.forget(folder.notes)
        #expect(removed == NoteIndex.ForgetCounts(files: 2, notes: 2, roots: 2))
        #expect(try index.titles("alpha OR bravo").isEmpty)
        #expect(try index.titles("charlie") == ["C"])
        #expect(try index.roots().map(\.path) == [folder.root + "/notes2"])
        #expect(index.isConsistent)
        #expect(try index.forget(folder.notes) == NoteIndex.ForgetCounts(files: 0, notes: 0, roots: 0))
        _ = sibling
    }

    @Test func forgetASingleFileOrSubfolder() throws {
        let folder = TestFolder()
        folder.write("a.md", "# A\nalpha")
        folder.write("sub/b.md", "# B\nbravo")
        let index = try folder.openIndex()
        _ = try folder.index(index)
        #expect(try index.forget(folder.notes + "/sub").notes == 1)
        #expect(try index.forget(folder.notes + "/a.md").files == 1)
        #expect(try index.noteCount() == 0 && index.isConsistent)
        #expect(try index.roots().map(\.path) == [folder.notes])
    }

    @Test func filesIndexedBeforeRootsWereRecordedAreCounted() throws {
        let folder = TestFolder()
        folder.write("a.md", "# A")
        let index = try folder.openIndex()
        _ = try folder.index(index)
        try index.connection.run("DELETE FROM roots")
        #expect(try index.unrootedFileCount() == 1)
    }

    @Test func aVersion3IndexIsSearchableReadOnlyAndUpgradedInPlace() throws {
        let folder = TestFolder()
        folder.write("a.md", "# A\nalpha")
        do {
            let index = try folder.openIndex()
            _ = try folder.index(index)
            try index.connection.execute("""
                DROP TABLE roots; DROP TABLE topk_terms; DROP TABLE topk_heads; DROP TABLE topk_log;
                DELETE FROM meta WHERE key = 'topk';
                """)
            try index.connection.setUserVersion(3)
            index.close()
        }
        let reader = try NoteIndex(path: folder.database, mode: .readOnly)
        #expect(try reader.titles("alpha") == ["A"])
        reader.close()
        let writer = try folder.openIndex()
        #expect(try writer.connection.userVersion == Schema.currentVersion)
        #expect(try RankingTables.isCurrent(writer.connection))
        #expect(try writer.roots().isEmpty && writer.unrootedFileCount() == 1)
        #expect(try writer.titles("alpha") == ["A"])
    }
}
