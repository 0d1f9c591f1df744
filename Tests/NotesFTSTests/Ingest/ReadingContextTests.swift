import Foundation
import Testing
@testable import NotesFTS

/// A folder that becomes an Obsidian vault titles its notes without a heading by their file names: the next run
/// reads them again even though their bytes, sizes and times are unchanged (a reviewer's finding: the titles
/// stayed the first lines, a re-read file with the same bytes too, so an index depended on how it was built).
@Suite struct ReadingContextTests {
    private func titles(_ index: NoteIndex) throws -> [String] {
        try index.connection.query("SELECT title FROM notes ORDER BY path") { $0.text(0) ?? "" }
    }

    private func makeVault(_ folder: TestFolder) throws {
        try FileManager.default.createDirectory(atPath: folder.notes + "/.obsidian", withIntermediateDirectories: true)
    }

    @Test func aFolderThatBecomesAVaultIsRetitledAndThenLeftAlone() throws {
        let folder = TestFolder()
        folder.write("Alpha note.md", "first line of a\n")
        let beta = folder.write("Beta note.md", "first line of b\n")
        folder.write("plain.txt", "first line of c\n")
        let index = try folder.openIndex()
        _ = try folder.index(index)
        #expect(try titles(index) == ["first line of a", "first line of b", "first line of c"])

        try makeVault(folder)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 2)], ofItemAtPath: beta)
        let (summary, warnings) = try folder.index(index)
        #expect(warnings.isEmpty)
        // Both Markdown files are read again and updated; a .txt reads alike in a vault and is not read.
        #expect(summary.read == 2 && summary.updated == 2 && summary.unchanged == 1, "\(summary)")
        #expect(try titles(index) == ["Alpha note", "Beta note", "first line of c"])
        #expect(index.isConsistent)

        // What a fresh build of the same folder gives.
        let fresh = try NoteIndex(path: folder.root + "/fresh.sqlite")
        _ = try Indexer(index: fresh).run(paths: [folder.notes])
        #expect(try titles(fresh) == titles(index))

        // A no-op re-run reads nothing.
        let (again, _) = try folder.index(index)
        #expect(again.read == 0 && again.unchanged == 3 && again.updated == 0, "\(again)")
    }

    @Test func aVaultThatStopsBeingOneGoesBackToFirstLines() throws {
        let folder = TestFolder()
        folder.write("Alpha note.md", "first line of a\n")
        try makeVault(folder)
        let index = try folder.openIndex()
        _ = try folder.index(index)
        #expect(try titles(index) == ["Alpha note"])
        #expect(try folder.index(index).0.read == 0)

        try FileManager.default.removeItem(atPath: folder.notes + "/.obsidian")
        let (summary, _) = try folder.index(index)
        #expect(summary.read == 1 && summary.updated == 1, "\(summary)")
        #expect(try titles(index) == ["first line of a"])
        #expect(try folder.index(index).0.read == 0)
    }

    /// Sources recorded before the context was kept (a bare hash) read as the plain context.
    @Test(arguments: [("0123456789abcdef", ""), ("0123456789abcdef+obsidian", "obsidian"), ("", "")])
    func theContextIsReadBackFromTheStoredFingerprint(fingerprint: String, tag: String) {
        let context = ReadingContext(fingerprint: fingerprint)
        #expect(context.tag == tag)
        #expect(context.fingerprint(String(fingerprint.prefix(16))) == fingerprint)
    }
}
