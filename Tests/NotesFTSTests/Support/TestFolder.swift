import Foundation
import TestScratch
@testable import NotesFTS

/// A temporary folder of note files for one test, with an index file beside it.
struct TestFolder {
    let root: String

    init() {
        root = ScratchFolder.make("notesfts")
        try? FileManager.default.createDirectory(atPath: root + "/notes", withIntermediateDirectories: true)
    }

    /// The folder notes are written to.
    var notes: String { root + "/notes" }
    /// The index file path.
    var database: String { root + "/index.sqlite" }

    /// Writes `text` to `notes/relative`, creating folders; returns the absolute path.
    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        writeBytes(relative, Array(text.utf8))
    }

    /// Writes raw bytes to `notes/relative`.
    @discardableResult
    func writeBytes(_ relative: String, _ bytes: [UInt8]) -> String {
        let path = notes + "/" + relative
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    func remove(_ relative: String) {
        try? FileManager.default.removeItem(atPath: notes + "/" + relative)
    }

    func openIndex() throws -> NoteIndex { try NoteIndex(path: database) }

    /// Indexes the notes folder; returns the summary and the warnings.
    func index(_ index: NoteIndex) throws -> (IndexSummary, [IndexWarning]) {
        let indexer = Indexer(index: index)
        var warnings: [IndexWarning] = []
        indexer.onWarning = { warnings.append($0) }
        let summary = try indexer.run(paths: [notes])
        return (summary, warnings)
    }
}

extension NoteIndex {
    /// Whether both integrity checks pass.
    var isConsistent: Bool { (try? checkIntegrity().isOK) == true }

    /// Titles of the notes `query` finds, best first.
    func titles(_ query: String, options: SearchOptions = SearchOptions(limit: 100)) throws -> [String] {
        try search(query, options: options).map(\.title)
    }
}
