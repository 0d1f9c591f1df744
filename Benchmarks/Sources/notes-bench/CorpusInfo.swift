import Foundation
import NotesFTS

/// What a corpus folder holds: its note files (as the indexer's walker sees them) and their total size.
struct CorpusInfo {
    /// The folder.
    let root: String
    /// Every note file, in walk order.
    let files: [FileEntry]
    /// Total bytes of those files.
    var bytes: Int { files.reduce(0) { $0 + Int($1.size) } }

    /// Walks `root` the way `notes-index` does.
    init(root: String) throws {
        self.root = root
        var found: [FileEntry] = []
        let problems = FileWalker().walk(root: root) { found.append($0) }
        if let problem = problems.first { throw BenchError("cannot walk \(problem.path): \(problem.reason)") }
        if found.isEmpty { throw BenchError("no note files (.txt, .md, .json) under \(root)") }
        files = found
    }

    /// Generates the corpus of `count` notes with `seed` into `root`, unless the marker file says it is there.
    static func generate(count: Int, seed: UInt64, root: String, log: (String) -> Void) throws {
        let marker = root + "/.notes-bench-corpus"
        let expected = "count=\(count) seed=\(seed) generator=1\n"
        if (try? String(contentsOfFile: marker, encoding: .utf8)) == expected {
            log("reusing the generated corpus in \(root) (\(count) notes, seed \(seed))")
            return
        }
        if FileManager.default.fileExists(atPath: root),
           let contents = try? FileManager.default.contentsOfDirectory(atPath: root), !contents.isEmpty {
            throw BenchError("\(root) exists and is not a notes-bench corpus of \(count) notes; choose an empty or new --out folder")
        }
        let started = Clock.now()
        let bytes = try CorpusGenerator(count: count, seed: seed).write(to: root)
        try expected.write(toFile: marker, atomically: true, encoding: .utf8)
        log(String(format: "generated %d notes (%.1f MB) in %@ in %.1f s", count, Double(bytes) / 1e6, root, Clock.seconds(since: started)))
    }
}
