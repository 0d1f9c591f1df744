import Foundation
import Testing
@testable import NotesFTS

/// Closing an index, explicitly or by releasing it, leaves only its file behind.
@Suite struct NoteIndexClosingTests {
    /// An app (or a test) that drops its index without `close()` still gets the writer's final checkpoint:
    /// the readers close first, so no `-wal` or `-shm` file is left beside the index.
    @Test func anIndexReleasedWithoutCloseRemovesItsLog() throws {
        let folder = TestFolder()
        do {
            let index = try folder.openIndex()
            try index.save(Note(path: "app://1", title: "Groceries", body: "milk and eggs"))
            #expect(try index.search("milk").count == 1)
            #expect(FileManager.default.fileExists(atPath: folder.database + "-wal"))
        }
        #expect(FileManager.default.fileExists(atPath: folder.database))
        #expect(!FileManager.default.fileExists(atPath: folder.database + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: folder.database + "-shm"))
        #expect(try folder.openIndex().search("milk").map(\.title) == ["Groceries"])
    }

    /// A second close, or the release after a close, does nothing: after a full disk, it must not take the
    /// closed connection's failed checkpoint for a failed first build and remove the file.
    @Test func closingAgainAfterAFullDiskKeepsTheIndex() throws {
        let folder = TestFolder()
        do {
            let index = try folder.openIndex()
            try index.save(Note(path: "app://1", title: "Kept", body: "still here"))
            index.sawFullDisk = true
            index.close()
            index.close()
        }
        #expect(FileManager.default.fileExists(atPath: folder.database))
        #expect(try folder.openIndex().search("still").map(\.title) == ["Kept"])
    }
}
