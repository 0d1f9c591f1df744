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
    /// Called with a root and `false` when it goes away (deleted or moved, or a folder above it did), and
    /// with `true` when it is back at its path (then it is watched and refreshed again). Meanwhile its nearest
    /// existing parent folder is watched for it, and its notes stay in the index.
    public var onRootChange: (_ root: String, _ isPresent: Bool) -> Void = { _, _ in }
    /// Quiet time after the last event before a refresh, in milliseconds.
    public var settleMilliseconds = 50
    /// Longest wait from the first pending change to its refresh, in milliseconds.
    public var maximumDelayMilliseconds = 300

    private let watcher: FolderWatcher
    /// Root → the paths below it waiting for a refresh.
    private var pending: [String: Set<String>] = [:]
    /// Root that is gone → the nearest existing folder above it, watched for it to come back.
    private var missing: [String: String] = [:]

    /// Watches `roots` (files or folders; relative paths are taken from the current directory).
    /// Throws ``NotesFTSError/watchFailed(path:reason:)`` when the system refuses a watch.
    public init(indexer: Indexer, roots: [String]) throws {
        self.indexer = indexer
        self.roots = roots.map { PathNormalization.absolute($0) }
        watcher = try FolderWatcher()
        for root in self.roots {
            if Self.exists(root) { try watchTree(root, within: root) } else { try lose(root) }
        }
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
            for root in roots where missing[root] == nil {
                pending[root, default: []].insert(root)
                try watchTree(root, within: root)
            }
            for root in missing.keys.sorted() { try look(for: root) }
            return
        }
        // A root gone, or a folder above it (which a file root's folder watch, or the watch kept for a
        // missing root, reports).
        if event.kind == .folderGone {
            let lost = roots.filter { missing[$0] == nil && Self.holds(event.path, $0) }
            if !lost.isEmpty {
                // A folder inside another root: that root drops its watches there and refreshes it. Done
                // before `lose`, which may find a root back already and watch it again.
                if let root = root(of: event.path), !lost.contains(root) {
                    watcher.unwatch(under: event.path)
                    pending[root, default: []].insert(event.path)
                }
                for root in lost { try lose(root) }
                return
            }
        }
        // Something at or above a missing root changed: it may be back, or more of the way to it.
        for (root, _) in missing where Self.holds(event.path, root) { try look(for: root) }
        guard let root = root(of: event.path), missing[root] == nil else { return }
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

    /// `root` is gone: its watches are dropped (a moved folder keeps reporting under its new path) and the
    /// nearest existing folder above it is watched until it is back. Its notes stay in the index.
    private func lose(_ root: String) throws {
        watcher.unwatch(under: root)
        pending[root] = nil
        missing[root] = ""
        onRootChange(root, false)
        try look(for: root)
    }

    /// Whether missing `root` is back (then it is watched and refreshed again); if not, watches the nearest
    /// existing folder above it (which changes when folders on the way come and go).
    private func look(for root: String) throws {
        while let watched = missing[root] {
            if Self.exists(root) {
                missing[root] = nil
                forget(watched)
                try watchTree(root, within: root)
                pending[root, default: []].insert(root)
                onRootChange(root, true)
                return
            }
            var folder = IgnoreRules.parent(of: root)
            while folder != "/" && !Self.isFolder(folder) { folder = IgnoreRules.parent(of: folder) }
            if folder == watched { return }
            // Watch first, then look again: what appears after the watch is reported, before it is seen now.
            try watcher.watch(folder)
            missing[root] = folder
            forget(watched)
        }
    }

    /// Stops the watch on `folder` kept for a missing root, unless another missing root or a root's tree
    /// still needs it.
    private func forget(_ folder: String) {
        guard !folder.isEmpty, !missing.values.contains(folder) else { return }
        if roots.contains(where: { missing[$0] == nil && Self.holds($0, folder) }) { return }
        watcher.unwatch(folder)
    }

    /// Whether `path` is `inner` or a folder above it.
    private static func holds(_ path: String, _ inner: String) -> Bool {
        inner == path || inner.hasPrefix(path == "/" ? "/" : path + "/")
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && FileWalker.isDirectory(info)
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
