import Dispatch
import Foundation

/// Walks files and folders into a ``NoteIndex``, incrementally.
///
/// - A file whose size and modification time match what the index recorded is not read.
/// - A file that was read but whose bytes hash the same is only re-stamped.
/// - A file whose place changes how it is read (``ReadingContext``: a folder became an Obsidian vault) is read
///   again, whatever its size and time.
/// - A changed file's notes are updated in place (their ids survive); a new file's are inserted.
/// - Files that vanished below a folder that was walked have their notes removed.
/// - A file indexed before an export appeared beside it, and now left out as that export's copy
///   (``ExportLayout``), has its notes removed too; it is indexed again once it is no copy.
/// - A file that cannot be read or parsed is reported through `onWarning` and skipped: its earlier notes stay.
///
/// Reading and parsing run on the other cores, a few batches ahead of the writer; each batch is written in one
/// transaction. The first build into an empty index runs without the sync triggers, committing every couple
/// of seconds (an interrupted one is continued by the next run): rows are prepared off the writer and
/// `notes_fts` is fed as they are inserted (see ``bulkLoad`` and ``BulkLoadSession``).
///
/// ```swift
/// let summary = try Indexer(index: index).run(paths: ["~/notes"])
/// print(summary.added, summary.updated, summary.removed)
/// ```
public final class Indexer {
    /// The index written to.
    public let index: NoteIndex
    /// Files read and written per transaction.
    package var batchSize = 512
    /// Called for each input that is skipped.
    public var onWarning: (IndexWarning) -> Void = { _ in }
    /// Called for each file that is not a note and each path an ignore rule leaves out (for `-v`).
    public var onNotice: (IndexWarning) -> Void = { _ in }
    /// Which files and folders are walked (ignore files, `--exclude`, following links).
    public var walkOptions = WalkOptions()
    /// Called for each file left out because it is an export's own copy of notes read from another file
    /// (``ExportLayout``); not a problem, so not a warning.
    public var onLeftOut: ((IndexWarning) -> Void)?
    /// Called after each batch with the counts so far.
    public var onProgress: ((IndexSummary) -> Void)?
    /// Load an empty index without the sync triggers, committing as it goes, as ``bulkLoad`` says (faster).
    package var bulkLoadWhenEmpty = true
    /// How a bulk first build runs (see ``NoteIndex/BulkLoadSettings``).
    package var bulkLoad = NoteIndex.BulkLoadSettings()
    /// Read and parse the next batches on the other cores while this thread writes the current one.
    package var overlapsReadingWithWriting = true
    /// Batches read and parsed ahead of the one being written, at most (``PreparePipeline``): enough that the
    /// readers keep going while a first build commits (measured in Benchmarks/README.md).
    package var batchesAhead = 8

    /// Where JSON exports keep their note fields, when not under the common names (`notes-index --map`).
    public var fieldMap: JSONFieldMap?

    /// JSON and JSON Lines files larger than this many bytes are streamed into the index by the writer
    /// (``Prepared/streamed``) instead of being parsed ahead into an array of notes, so memory is bounded by
    /// one note, not by the file.
    package var streamingThreshold = Indexer.defaultStreamingThreshold

    /// Set during a bulk first build: new files are inserted without looking up existing rows, and the store
    /// commits as it goes.
    private var bulkSession: BulkLoadSession?

    /// Creates an indexer writing to `index`.
    public init(index: NoteIndex) {
        self.index = index
    }

    /// Indexes `paths` (files or folders; relative paths are taken from the current directory).
    public func run(paths: [String]) throws -> IndexSummary {
        let started = DispatchTime.now()
        ObsidianVault.forgetFolders() // a folder may have become a vault since the last run in this process
        ExportLayout.forgetFolders() // or gained (or lost) an export's notes.json
        var summary = IndexSummary()
        var visited = Set<String>()
        // Bulk only into a truly empty index, or one whose first build was interrupted: every file it has not
        // stored is new (``Prepared/fresh``).
        let bulk = try bulkLoadWhenEmpty && (index.isEmpty() || index.hasUnfinishedFirstBuild())
        defer { bulkSession = nil }
        func indexAll() throws {
            for path in paths {
                let root = PathNormalization.absolute(path)
                if try indexRoot(root, within: root, summary: &summary, visited: &visited) { try index.recordRoot(root) }
            }
        }
        if bulk {
            try index.bulkLoad(bulkLoad) { session in
                bulkSession = session
                try indexAll()
            }
        } else {
            // One top-k replay for the whole run, not one per batch (``NoteIndex/deferringRankingReplay(_:)``).
            try index.deferringRankingReplay { try indexAll() }
        }
        // Merges in the full-text index free the pages of the segments they merged: give them back.
        try index.reclaimFreeSpace()
        summary.notes = try index.noteCount()
        summary.elapsedSeconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return summary
    }

    /// Indexes `root`, a file or folder at or below `top` (the root the user named, whose ignore rules apply);
    /// returns whether `root` could be walked.
    @discardableResult
    func indexRoot(_ root: String, within top: String, summary: inout IndexSummary,
                   visited: inout Set<String>) throws -> Bool {
        let (entries, problems) = walk(root, within: top, summary: &summary)
        var rootIsFile = false
        if let single = entries.first, entries.count == 1, single.path == root, root == top {
            rootIsFile = true
            if !FileWalker.isSupported(root) {
                warn(IndexWarning(path: root, reason: "not a note file (expected \(Self.noteExtensions))"), &summary)
                return false
            }
        }
        for problem in problems { warn(IndexWarning(path: problem.path, reason: problem.reason), &summary) }
        if problems.contains(where: { $0.path == root }) { return false }
        try indexEntries(entries, under: root, rootIsFile: rootIsFile, problems: problems, summary: &summary, visited: &visited)
        return true
    }

    /// The extensions read as notes, for messages: `.adoc, .asc, …, .txt or .rest`, from
    /// ``NoteFileReader/formats`` so the list cannot drift from what is read.
    static var noteExtensions: String {
        let names = NoteFileReader.formats.keys.sorted().map { "." + $0 }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    private func indexEntries(_ found: [FileEntry], under root: String, rootIsFile: Bool, problems: [FileWalker.Problem],
                              summary: inout IndexSummary, visited: inout Set<String>) throws {
        var entries = found
        let known = try index.sources(under: root)
        entries.removeAll { !visited.insert($0.path).inserted }
        // Visited (counted once), yet not a source any more: notes indexed from such a file before the export
        // appeared beside it are removed below, as a deleted file's are.
        var leftOut: [String] = []
        entries.removeAll { entry in
            guard let reason = ExportLayout.reasonToLeaveOut(entry.path) else { return false }
            summary.leftOut += 1
            onLeftOut?(IndexWarning(path: entry.path, reason: reason))
            leftOut.append(entry.path)
            return true
        }
        summary.seen += entries.count
        // A pipeline: while this thread writes batch k, the cores read and parse batch k + 1.
        let batches = stride(from: 0, to: entries.count, by: batchSize).map {
            Array(entries[$0..<min($0 + batchSize, entries.count)])
        }
        let bulk = bulkSession != nil
        let settings = ReadSettings(map: fieldMap, streamingThreshold: streamingThreshold)
        let pipeline = overlapsReadingWithWriting && !batches.isEmpty
            ? PreparePipeline(count: batches.count, depth: batchesAhead) { number in
                Self.prepare(batches[number], known: known, bulk: bulk, settings: settings)
            } : nil
        defer { pipeline?.stop() }
        for (number, batch) in batches.enumerated() {
            let outcomes = pipeline?.batch(number) ?? Self.prepare(batch, known: known, bulk: bulk, settings: settings)
            let indexedAt = Timestamp.format(Date())
            if bulk && bulkLoad.insertsFullTextDirectly {
                // Inside the bulk transaction: no savepoint (it would flush FTS5's pending terms); the store
                // commits between batches as its interval says.
                for (entry, outcome) in zip(batch, outcomes) {
                    try apply(outcome, entry: entry, indexedAt: indexedAt, summary: &summary)
                }
            } else {
                try index.transaction {
                    for (entry, outcome) in zip(batch, outcomes) {
                        try apply(outcome, entry: entry, indexedAt: indexedAt, summary: &summary)
                    }
                }
            }
            try bulkSession?.commitIfDue()
            onProgress?(summary)
        }
        try removeVanished(known: known, under: rootIsFile ? nil : problems, visited: visited, leftOut: leftOut,
                           summary: &summary)
    }

    /// Removes the notes of known files that are now left out as export copies, and, unless `problems` is `nil`
    /// (a single file was walked), of known files that were not visited, except below folders that could not be
    /// listed.
    private func removeVanished(known: [String: SourceFile], under problems: [FileWalker.Problem]?,
                                visited: Set<String>, leftOut: [String], summary: inout IndexSummary) throws {
        var gone = Set(leftOut.filter { known[$0] != nil })
        if let problems {
            // Notes of files that vanished, except below folders that could not be listed.
            let unreachable = problems.map { $0.path.hasSuffix("/") ? $0.path : $0.path + "/" }
            gone.formUnion(known.keys.filter { path in
                !visited.contains(path) && !unreachable.contains(where: { path.hasPrefix($0) })
                    && !problems.contains(where: { $0.path == path })
            })
        }
        let vanished = gone.sorted()
        if !vanished.isEmpty {
            try withTriggers { try index.transaction {
                for path in vanished {
                    try index.removeSource(path: path)
                    summary.removed += 1
                }
            } }
        }
    }

    /// Runs `body` with the sync triggers in place, also inside a bulk first build (see
    /// ``BulkLoadSession/withTriggers(_:)``).
    private func withTriggers<T>(_ body: () throws -> T) throws -> T {
        guard let bulkSession else { return try body() }
        return try bulkSession.withTriggers(body)
    }

    /// Counts and reports a part of the file at `path` that was left out while the rest was indexed.
    func partlyRead(_ path: String, _ warning: NoteReadWarning, _ summary: inout IndexSummary) {
        switch warning.part {
        case .line: summary.skippedLines += 1
        case .notes(let count): summary.skippedNotes += count
        }
        onWarning(IndexWarning(path: path, reason: warning.reason, isPartial: true))
    }

    private func warn(_ warning: IndexWarning, _ summary: inout IndexSummary) {
        summary.skipped += 1
        onWarning(warning)
    }

    private func apply(_ outcome: Prepared, entry: FileEntry, indexedAt: String, summary: inout IndexSummary) throws {
        switch outcome {
        case .unchanged:
            summary.unchanged += 1
        case .touched(let source):
            summary.read += 1
            summary.unchanged += 1
            try index.recordSource(source)
            try index.refreshFileTimes(of: source)
        case .parsed(let source, let notes, let isNew):
            summary.read += 1
            summary.countRead(isNew: isNew, notes: notes.count)
            _ = try withTriggers { try index.replaceNotes(of: source, with: notes) }
        case .fresh(let source, let rows):
            summary.read += 1
            summary.countRead(isNew: true, notes: rows.count)
            try index.insertNewSource(source, rows: rows, indexedAt: indexedAt,
                                      alsoFullText: bulkLoad.insertsFullTextDirectly, side: bulkSession?.sideWriter)
        case .streamed(let source, let isNew):
            if bulkSession != nil && bulkLoad.insertsFullTextDirectly && isNew {
                try stream(source, isNew: isNew, entry: entry, indexedAt: indexedAt, directFullText: true, summary: &summary)
            } else {
                try withTriggers {
                    try stream(source, isNew: isNew, entry: entry, indexedAt: indexedAt, directFullText: false, summary: &summary)
                }
            }
        case .failed(let reason):
            warn(IndexWarning(path: entry.path, reason: reason), &summary)
        case .withWarnings(let warnings, let inner):
            for warning in warnings { partlyRead(entry.path, warning, &summary) }
            try apply(inner, entry: entry, indexedAt: indexedAt, summary: &summary)
        }
    }
}
