#if os(Linux)
import Dispatch
import Foundation
import Glibc
import NotesCLI
import NotesFTS

extension IndexCommand {
    /// `--watch`: watches the paths, runs `firstPass` (the first indexing), then refreshes what changes under
    /// the paths until SIGINT or SIGTERM, and returns (the index is closed by the caller: nothing is left
    /// half-written). The watches come first so that a change made during the first pass is refreshed after it.
    static func watch(_ options: IndexOptions, index: NoteIndex, firstPass: () throws -> Void) throws {
        let watcher = try IndexWatcher(indexer: makeIndexer(options, index: index, progress: ProgressLine(enabled: false)),
                                       roots: options.paths)
        // Ctrl-C during the first pass stops it as without --watch (what it wrote so far is committed).
        try firstPass()
        let stop = try StopSignal()
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.trigger() }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }
        watcher.onRefresh = { summary in
            guard !options.quiet, summary.added + summary.updated + summary.removed > 0 else { return }
            Terminal.writeError("\(name): \(clock()) \(summary.added) added, \(summary.updated) updated, "
                                + "\(summary.removed) removed; \(summary.notes) notes in the index\n")
        }
        watcher.onRootChange = { root, isPresent in
            if !isPresent {
                CommandLineTool.printError(name, "\(root) was moved or deleted; its notes stay in the index; watching for it to come back")
            } else if !options.quiet {
                CommandLineTool.printError(name, "\(root) is back; indexing and watching it again")
            }
        }
        if !options.quiet {
            let folders = watcher.folderCount == 1 ? "1 folder" : "\(watcher.folderCount) folders"
            Terminal.writeError("\(name): watching \(folders) for changes; Ctrl-C stops\n")
        }
        try watcher.run(until: stop)
        if !options.quiet { Terminal.writeError("\(name): stopped watching\n") }
    }

    /// The local time of day, `HH:MM:SS`, for the refresh lines.
    private static func clock() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: Date())
    }
}
#else
import NotesCLI
import NotesFTS

extension IndexCommand {
    /// `--watch` needs inotify, which is Linux's (``IndexOptions`` already refuses it when reading the options).
    static func watch(_ options: IndexOptions, index: NoteIndex, firstPass: () throws -> Void) throws {
        throw CommandFailure("--watch is supported on Linux only (it uses inotify); re-run notes-index instead")
    }
}
#endif
