import Foundation
import TestScratch
import Testing

/// The tests' temporary folders: one per test process, and those of ended runs removed by the next.
@Suite struct ScratchFolderTests {
    @Test func foldersAreMadeInsideThisProcesssFolder() {
        let folder = ScratchFolder.make("scratch")
        #expect(folder.hasPrefix(ScratchFolder.processFolder + "/scratch-"))
        #expect(ScratchFolder.processFolder.hasSuffix("/" + ScratchFolder.processFolderPrefix + String(getpid())))
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func theFoldersOfEndedRunsAreRemovedAndLiveOnesKept() throws {
        let parent = ScratchFolder.make("parent")
        let ended = try Process.run(URL(fileURLWithPath: "/bin/true"), arguments: [])
        ended.waitUntilExit()
        let names = [ScratchFolder.processFolderPrefix + String(ended.processIdentifier),
                     ScratchFolder.processFolderPrefix + String(getpid()),
                     ScratchFolder.processFolderPrefix + "not-a-pid", "notes-fts-other"]
        for name in names {
            try FileManager.default.createDirectory(atPath: parent + "/" + name + "/inner", withIntermediateDirectories: true)
        }
        ScratchFolder.removeFoldersOfEndedRuns(in: parent)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).sorted() == names.dropFirst().sorted())
    }
}
