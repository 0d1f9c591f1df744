import Foundation
import NotesFTS

/// Times whole `notes-index` processes: a fresh build, a no-op re-run, and a re-run after 1% of the files changed.
struct BuildBenchmark {
    /// One measured process run.
    struct Run {
        /// What was measured.
        var label: String
        /// The child's wall time and peak RSS.
        var measurement: ChildProcess.Measurement
        /// Index file size afterwards (main file plus WAL), bytes.
        var indexBytes: Int
    }

    /// The corpus folder.
    let corpus: String
    /// The index file to (re)create.
    let database: String
    /// The `notes-index` executable.
    let notesIndex: String
    /// Options added to every `notes-index` run (`--tokenizer unicode61` for the tokenizer comparison).
    var extraArguments: [String] = []

    /// Deletes the index and builds it from scratch.
    func fresh() throws -> Run {
        Self.removeDatabase(database)
        return try index("fresh build")
    }

    /// Runs `notes-index` again over the same files.
    func index(_ label: String) throws -> Run {
        Self.settle()
        let measurement = try ChildProcess.run(notesIndex, ["--db", database, "--quiet"] + extraArguments + [corpus])
        guard measurement.status == 0 else {
            throw BenchError("notes-index exited with \(measurement.status): \(measurement.standardError.suffix(300))")
        }
        return Run(label: label, measurement: measurement, indexBytes: Self.size(of: database))
    }

    /// Changes every 100th file (appends a line, so size and time change), re-indexes, then restores the files
    /// and re-indexes again (untimed) so the corpus and the index stay what the generator made.
    func onePercentChanged(files: [FileEntry]) throws -> (Run, changed: Int) {
        let chosen = stride(from: 0, to: files.count, by: 100).map { files[$0] }
        var originals: [(FileEntry, Data)] = []
        for entry in chosen {
            let data = try Data(contentsOf: URL(fileURLWithPath: entry.path))
            originals.append((entry, data))
            var edited = data
            if entry.path.hasSuffix(".json") {
                // Keep JSON valid: change a byte of the content instead of appending.
                if let quote = edited.lastIndex(of: UInt8(ascii: "}")) { edited.insert(contentsOf: Array(" ".utf8), at: quote) }
            } else {
                edited.append(contentsOf: Array("\n\nEdited by notes-bench: follow up next week.\n".utf8))
            }
            try edited.write(to: URL(fileURLWithPath: entry.path))
        }
        let run = try index("1% of files changed")
        for (entry, data) in originals {
            try data.write(to: URL(fileURLWithPath: entry.path))
            let seconds = Int(entry.mtimeNanoseconds / 1_000_000_000)
            var times = [timespec(tv_sec: seconds, tv_nsec: Int(entry.mtimeNanoseconds % 1_000_000_000)),
                         timespec(tv_sec: seconds, tv_nsec: Int(entry.mtimeNanoseconds % 1_000_000_000))]
            utimensat(AT_FDCWD, entry.path, &times, 0)
        }
        _ = try index("restore")
        return (run, chosen.count)
    }

    /// Flushes dirty pages to disk (`sync(2)`) before a timed run, so that no run pays for the writeback of
    /// the run before it (a fresh build leaves about a gigabyte of dirty pages: the WAL and the checkpoint).
    static func settle() {
        sync()
    }

    /// Reads every file once, untimed, so that the first timed build does not read the corpus from disk while
    /// the shell baselines after it read it from the page cache (after a 1M-note corpus and index had pushed
    /// the 100k corpus out of memory, a fresh build took 105.7 s against 25 s warm, 4.6x the shell's 22.8 s).
    static func warm(_ files: [FileEntry]) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        for entry in files {
            let descriptor = open(entry.path, O_RDONLY)
            guard descriptor >= 0 else { continue }
            while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            close(descriptor)
        }
    }

    /// Removes an index file with its WAL and shared-memory files.
    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// Bytes of the database file and its WAL.
    static func size(of path: String) -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            var info = stat()
            return total + (stat(path + suffix, &info) == 0 ? Int(info.st_size) : 0)
        }
    }
}
