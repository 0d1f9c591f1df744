import Dispatch
import Foundation
import Testing
@testable import NotesFTS

@Suite struct NoteFileReaderTests {
    @Test func decodesUTF8AndDropsTheByteOrderMark() throws {
        #expect(try NoteFileReader.decode([0xEF, 0xBB, 0xBF] + Array("héllo".utf8)) == "héllo")
    }

    @Test(arguments: [([0x61, 0xFF], 1), ([0x61, 0x62, 0xC3], 2), ([0xE2, 0x28, 0xA1], 0)])
    func reportsTheFirstInvalidByte(bytes: [UInt8], offset: Int) {
        #expect(throws: NoteReadError("invalid UTF-8 at byte \(offset); save it as UTF-8")) {
            try NoteFileReader.decode(bytes)
        }
    }

    @Test func choosesTheReaderByExtension() throws {
        let json = try NoteFileReader.notes(bytes: Array(#"{"title": "J", "body": "x"}"#.utf8), path: "/a/B.JSON", modified: nil)
        #expect(json.map(\.title) == ["J"])
        let markdown = try NoteFileReader.notes(bytes: Array("intro\n# Head".utf8), path: "/a/n.markdown", modified: nil)
        #expect(markdown.map(\.title) == ["Head"])
        let text = try NoteFileReader.notes(bytes: Array("intro\n# Head".utf8), path: "/a/n.txt", modified: nil)
        #expect(text.map(\.title) == ["intro"])
    }

    /// The format comes from the last dot of the file's name only: not a dot in a folder's name, not a dot
    /// that a combining mark joins (no extension then), in any case.
    @Test(arguments: [("/a/n.md", NoteFileReader.Format.markdown), ("/a/N.MD", .markdown), ("/a/n.tar.jsonl", .jsonLines),
                      ("/a.md/notes", nil), ("/a/notes", nil), ("/a/n.", nil), ("/a/n.md\u{301}", nil),
                      ("/a/n.\u{301}md", nil), ("/a/é.txt", .text), ("/a/.md", .markdown), ("/a/n.markdown/", nil)])
    func formatByExtension(path: String, format: NoteFileReader.Format?) {
        #expect(NoteFileReader.format(of: path) == format, "\(path)")
    }

    @Test func missingFileNamesTheReason() {
        #expect(throws: NoteReadError("no such file or directory")) { try NoteFileReader.bytes(at: "/nonexistent/x.md") }
    }

    /// Runs `body` on another thread; `nil` when it has not returned within 5 seconds (it blocked).
    static func withinSeconds<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        DispatchQueue.global().async {
            box.value = body()
            done.signal()
        }
        return done.wait(timeout: .now() + 5) == .success ? box.value : nil
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = TestFolder()
        let path = folder.notes + "/pipe.md"
        #expect(mkfifo(path, 0o600) == 0)
        let message = Self.withinSeconds { () -> String in
            do { _ = try NoteFileReader.bytes(at: path); return "read" } catch { return "\(error)" }
        }
        if message == nil { unblock(path) }
        #expect(message == "not a regular file (a FIFO)")
    }

    @Test func aFileReplacedByAFIFOAfterTheWalkIsSkippedWithoutBlocking() throws {
        let folder = TestFolder()
        let path = folder.write("note.md", "# Note")
        let entry = try #require(FileWalker.entry(at: path))
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        let outcome = Self.withinSeconds { () -> String in
            if case .failed(let reason) = Indexer.prepare(entry, known: nil) { return reason }
            return "prepared"
        }
        if outcome == nil { unblock(path) }
        #expect(outcome == "not a regular file (a FIFO)")
    }

    @Test func aFIFOAmongAnExportsFilesIsPassedOverWithoutBlocking() throws {
        let folder = TestFolder()
        folder.write("a.txt", "Plain note\nalpha")
        #expect(mkfifo(folder.notes + "/notes.json", 0o600) == 0)
        #expect(NoteFileReader.head(at: folder.notes + "/notes.json", count: 16) == nil)
        let root = folder.notes, database = folder.database
        let summary = Self.withinSeconds { () -> String in
            do {
                let summary = try Indexer(index: NoteIndex(path: database)).run(paths: [root])
                return "\(summary.added) added, \(summary.skipped) skipped"
            } catch { return "\(error)" }
        }
        if summary == nil { unblock(folder.notes + "/notes.json") }
        #expect(summary == "1 added, 0 skipped")
    }

    @Test func headReadsAtMostTheBytesAsked() {
        let folder = TestFolder()
        let path = folder.write("a.json", "0123456789")
        #expect(NoteFileReader.head(at: path, count: 4) == Array("0123".utf8))
        #expect(NoteFileReader.head(at: folder.notes + "/missing.json", count: 4) == nil)
    }

    @Test func aDeviceIsRefused() {
        #expect(throws: NoteReadError("not a regular file (a device)")) { try NoteFileReader.bytes(at: "/dev/zero") }
    }

    /// Opens the FIFO for writing so a reader stuck on it (the bug these tests catch) can finish.
    private func unblock(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        if descriptor >= 0 { close(descriptor) }
    }
}

/// Carries a result from the thread that computed it (the semaphore orders the two).
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var value: T?
}
