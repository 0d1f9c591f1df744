#if os(Linux)
import Glibc

/// Watches folders for changes with Linux's inotify (one watch a folder, not recursive by itself).
///
/// The caller adds a watch for each folder it wants to hear about, reads ``Event``s when ``descriptor`` is
/// readable, and adds or removes watches as folders come and go (``IndexWatcher`` does all that).
package final class FolderWatcher {
    /// One change inside a watched folder.
    package struct Event: Sendable, Equatable {
        /// What happened.
        package enum Kind: Sendable, Equatable {
            /// Written and closed, attributes changed, or created (a file or folder now exists at `path`).
            case changed
            /// Moved here from elsewhere (a rename's new name).
            case movedIn
            /// Moved away (a rename's old name) or deleted: nothing is at `path` any more.
            case gone
            /// A watched folder itself was deleted or moved away.
            case folderGone
            /// The kernel dropped events: everything must be looked at again.
            case overflow
        }

        /// The file or folder (for ``Kind/overflow``, empty).
        package var path: String
        /// Whether `path` is a folder.
        package var isFolder: Bool
        /// What happened.
        package var kind: Kind
    }

    /// The inotify descriptor: readable when events are waiting.
    package let descriptor: Int32
    /// Watch descriptor → the folder paths it watches (several when links lead to one folder).
    private var folders: [Int32: [String]] = [:]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM
                                     | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)

    /// Opens an inotify instance; throws ``NotesFTSError/watchFailed(path:reason:)`` when the system refuses.
    package init() throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if descriptor < 0 { throw NotesFTSError.watchFailed(path: "inotify", reason: Self.describe(errno)) }
    }

    deinit { close(descriptor) }

    /// The number of folders watched.
    package var count: Int { folders.values.reduce(0) { $0 + $1.count } }

    /// Watches `folder`; throws ``NotesFTSError/watchFailed(path:reason:)`` naming the limit when the system
    /// has no more watches to give.
    package func watch(_ folder: String) throws {
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        guard watch >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return }
            throw NotesFTSError.watchFailed(path: folder, reason: Self.describe(code))
        }
        if !(folders[watch]?.contains(folder) ?? false) { folders[watch, default: []].append(folder) }
    }

    /// Stops watching `folder` itself (not the folders below it).
    package func unwatch(_ folder: String) {
        for (watch, paths) in folders where paths.contains(folder) {
            let kept = paths.filter { $0 != folder }
            if kept.isEmpty {
                folders[watch] = nil
                inotify_rm_watch(descriptor, watch)
            } else {
                folders[watch] = kept
            }
        }
    }

    /// Stops watching `folder` and every folder below it.
    package func unwatch(under folder: String) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        for (watch, paths) in folders {
            let kept = paths.filter { $0 != folder && !$0.hasPrefix(prefix) }
            if kept.count == paths.count { continue }
            if kept.isEmpty {
                folders[watch] = nil
                inotify_rm_watch(descriptor, watch)
            } else {
                folders[watch] = kept
            }
        }
    }

    /// The events waiting now (empty when there are none; never blocks).
    package func read() -> [Event] {
        var events: [Event] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return events }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                while offset + 16 <= count {
                    let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = raw[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                    events += decode(watch: watch, mask: mask, name: String(decoding: nameBytes, as: UTF8.self))
                    offset += 16 + length
                }
            }
        }
    }

    /// The events one inotify record stands for (one per path its folder is known by).
    private func decode(watch: Int32, mask: UInt32, name: String) -> [Event] {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return [Event(path: "", isFolder: true, kind: .overflow)] }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[watch] = nil
            return []
        }
        guard let paths = folders[watch] else { return [] }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            return paths.map { Event(path: $0, isFolder: true, kind: .folderGone) }
        }
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        let kind: Event.Kind
        if mask & UInt32(IN_MOVED_TO) != 0 {
            kind = .movedIn
        } else if mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 {
            kind = .gone
        } else {
            kind = .changed
        }
        return paths.map { Event(path: $0.hasSuffix("/") ? $0 + name : $0 + "/" + name, isFolder: isFolder, kind: kind) }
    }

    private static func describe(_ code: Int32) -> String {
        if code == ENOSPC {
            return "the system's limit of inotify watches is reached; raise fs.inotify.max_user_watches (sysctl)"
        }
        if code == EMFILE {
            return "the system's limit of inotify instances is reached; raise fs.inotify.max_user_instances (sysctl)"
        }
        return FileWalker.describe(code)
    }
}
#endif
