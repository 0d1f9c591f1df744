import Foundation

extension NoteIndex {
    /// Opens the index at `path` for writing, first copying the prebuilt index `seed` there when `path` does
    /// not exist yet (an index shipped with an app). The copy is checked (migrated if it is older, then
    /// SQLite's and FTS5's integrity checks) before it takes the place of `path`, so a failed first use leaves
    /// nothing behind and the next one tries again. Once `path` exists, `seed` is not read.
    ///
    /// ```swift
    /// let bundled = Bundle.main.path(forResource: "starter-notes", ofType: "sqlite")!
    /// let index = try NoteIndex(path: supportFolder + "/notes.sqlite", seedingFrom: bundled)
    /// ```
    public convenience init(path: String, seedingFrom seed: String, tokenizer: FullTextTokenizer? = nil) throws {
        if !FileManager.default.fileExists(atPath: path) {
            try Self.seed(path, from: seed, tokenizer: tokenizer)
        }
        try self.init(path: path, mode: .readWrite, tokenizer: tokenizer)
    }

    /// Copies `seed` beside `path`, opens, migrates and checks the copy, then renames it to `path`.
    private static func seed(_ path: String, from seed: String, tokenizer: FullTextTokenizer?) throws {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: seed) else {
            throw NotesFTSError.seedUnusable(path: path, seed: seed, detail: "no such file")
        }
        let parent = PathNormalization.parentFolder(of: path)
        if !parent.isEmpty { try? fileManager.createDirectory(atPath: parent, withIntermediateDirectories: true) }
        let staging = path + ".seeding-\(ProcessInfo.processInfo.processIdentifier)"
        defer { for suffix in ["", "-wal", "-shm"] { try? fileManager.removeItem(atPath: staging + suffix) } }
        do {
            try? fileManager.removeItem(atPath: staging)
            try fileManager.copyItem(atPath: seed, toPath: staging)
        } catch {
            throw NotesFTSError.seedUnusable(path: path, seed: seed, detail: error.localizedDescription)
        }
        do {
            let copy = try NoteIndex(path: staging, mode: .readWrite, tokenizer: tokenizer)
            defer { copy.close() }
            let report = try copy.checkIntegrity()
            guard report.isOK else {
                let problem = report.fullTextProblem ?? report.databaseProblems.first ?? "integrity check failed"
                throw NotesFTSError.seedUnusable(path: path, seed: seed, detail: problem)
            }
        } catch let error as NotesFTSError {
            if case .seedUnusable = error { throw error }
            throw NotesFTSError.seedUnusable(path: path, seed: seed, detail: error.description)
        }
        guard rename(staging, path) == 0 else {
            throw NotesFTSError.seedUnusable(path: path, seed: seed, detail: "cannot move the copy into place")
        }
    }
}
