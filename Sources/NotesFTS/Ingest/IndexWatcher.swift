#if os(Linux)
import Dispatch
import Glibc

/// Keeps an index up to date with folders as they change: what `notes-index --watch` runs. Create it before
/// the first indexing pass: changes made during that pass are then queued and refreshed by ``run(until:)``
/// (refreshing is idempotent). Linux only (inotify); on other platforms this type does not exist.
///
/// Every folder the walk would enter is watched (ignore rules and hidden names apply; new and moved-in
/// folders are watched as they appear). Changed paths are collected until the events settle (50 ms, at most
/// 300 ms after the first), then refreshed with ``Indexer/refresh(_:within:)``: a file written, renamed into
/// place (an editor's save-by-rename), moved or deleted is reflected within a second. Each refresh is a few
/// short transactions, so searches run meanwhile (WAL).
public final class IndexWatcher {
    /// The indexer that writes; its ``Indexer/walkOptions`` choose what is watched.
    public let indexer: Indexer
    /// The roots watched (absolute).
    public let roots: [String]
    /// Called after each refresh with what it did.
    public var onRefresh: (IndexSummary) -> Void = { _ in }
    /// Quiet time after the last event before a refresh, in milliseconds.
    public var settleMilliseconds = 50
    /// Longest wait from the first pending change to its refresh, in milliseconds.
    public var maximumDelayMilliseconds = 300

    private let watcher: FolderWatcher
    /// Root → the paths below it waiting for a refresh.
    private var pending: [String: Set<String>] = [:]

    /// Watches `roots` (files or folders; relative paths are taken from the current directory).
    /// Throws ``NotesFTSError/watchFailed(path:reason:)`` when the system refuses a watch.
    public init(indexer: Indexer, roots: [String]) throws {
        self.indexer = indexer
        self.roots = roots.map { PathNormalization.absolute($0) }
        watcher = try FolderWatcher()
        for root in self.roots { try watchTree(root, within: root) }
    }

    /// The number of folders watched.
    public var folderCount: Int { watcher.count }

    /// Handles changes until `stop` is triggered; refreshes what is pending before returning.
    public func run(until stop: StopSignal) throws {
        var firstPending: UInt64?
        var lastEvent: UInt64 = 0
        while true {
            var descriptors = [pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: stop.descriptor, events: Int16(POLLIN), revents: 0)]
            let result = poll(&descriptors, 2, timeout(firstPending: firstPending, lastEvent: lastEvent))
            if result < 0 && errno != EINTR { throw NotesFTSError.watchFailed(path: "poll", reason: FileWalker.describe(errno)) }
            if descriptors[1].revents != 0 { break }
            if descriptors[0].revents != 0 {
                let events = watcher.read()
                for event in events { try handle(event) }
                if !events.isEmpty {
                    lastEvent = Self.now()
                    if firstPending == nil && !pending.isEmpty { firstPending = lastEvent }
                }
            }
            if let first = firstPending, Self.now() - lastEvent >= Self.nanoseconds(settleMilliseconds)
                || Self.now() - first >= Self.nanoseconds(maximumDelayMilliseconds) {
                try flush()
                firstPending = nil
            }
        }
        try flush()
    }

    /// Milliseconds `poll` may wait: forever with nothing pending, else until the next refresh is due.
    private func timeout(firstPending: UInt64?, lastEvent: UInt64) -> Int32 {
        guard let first = firstPending else { return -1 }
        let due = min(lastEvent + Self.nanoseconds(settleMilliseconds), first + Self.nanoseconds(maximumDelayMilliseconds))
        let now = Self.now()
        return due <= now ? 0 : Int32((due - now) / 1_000_000 + 1)
    }

    /// Records what `event` makes stale, and keeps the watches in step with folders that come and go.
    private func handle(_ event: FolderWatcher.Event) throws {
        if event.kind == .overflow {
            for root in roots {
                pending[root, default: []].insert(root)
                try watchTree(root, within: root)
            }
            return
        }
        guard let root = root(of: event.path) else { return }
        if event.isFolder {
            switch event.kind {
            case .changed, .movedIn: try watchTree(event.path, within: root)
            case .gone, .folderGone: watcher.unwatch(under: event.path)
            case .overflow: break
            }
        }
        var stale = event.path
        if IgnoreRules.fileNames.contains(FileWalker.name(of: event.path)) {
            // New ignore rules: the whole folder is judged again, and folders they no longer hide are watched.
            stale = IgnoreRules.parent(of: event.path)
            try watchTree(stale, within: root)
        }
        pending[root, default: []].insert(stale)
    }

    /// Refreshes every pending path and reports each root's summary.
    private func flush() throws {
        let work = pending
        pending = [:]
        for (root, paths) in work.sorted(by: { $0.key < $1.key }) {
            onRefresh(try indexer.refresh(Array(paths), within: root))
        }
    }

    /// The root `path` belongs to (the longest that holds it); a file root holds only itself.
    private func root(of path: String) -> String? {
        roots.filter { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }.max { $0.count < $1.count }
    }

    /// Watches `path` and the folders below it that the walk would enter (a file root: its folder).
    private func watchTree(_ path: String, within root: String) throws {
        if path == root, let entry = FileWalker.entry(at: root), entry.path == root {
            return try watcher.watch(IgnoreRules.parent(of: root))
        }
        // Each folder is watched as the walk enters it, before its listing is read: what is created in it later
        // is reported (a folder is watched then); what was created earlier is in the listing. Events for
        // entries the walk also saw only refresh them again, which changes nothing.
        var failure: (any Error)?
        let watcher = watcher
        _ = FileWalker(options: indexer.walkOptions).walk(root: path, within: root) { visit in
            guard failure == nil, case .folder(let folder) = visit else { return }
            do { try watcher.watch(folder) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    private static func nanoseconds(_ milliseconds: Int) -> UInt64 { UInt64(milliseconds) * 1_000_000 }
}
#endif
