#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Finds note files under folders, fast: `readdir` and `lstat` only, no note file is opened.
///
/// Walks recursively in name order; skips hidden files and folders (names starting with `.`) below a root,
/// but never a root the user named nor a hidden path an ignore rule re-includes (`!.templates/`); leaves out what `.gitignore`, `.ignore`, `.notesignore` and `--exclude`
/// exclude (``WalkOptions``, ``IgnoreRules``); follows symbolic links below a root only when asked, and
/// then never into a folder's own ancestor; keeps only files whose extension is in ``supportedExtensions``
/// and reports the others as ``Visit/skipped(path:kind:)``.
package struct FileWalker: Sendable {
    /// The file extensions read as notes (lowercase, without the dot).
    package static let supportedExtensions = Set(NoteFileReader.formats.keys)

    /// Why part of a walk failed: the path and a short reason.
    package struct Problem: Sendable, Equatable {
        /// The file or folder.
        package var path: String
        /// What went wrong, e.g. `permission denied`.
        package var reason: String
    }

    /// What a walk met, besides problems.
    package enum Visit: Sendable, Equatable {
        /// A note file.
        case note(FileEntry)
        /// A file that is not a note: `kind` is its extension (`.png`), `no extension`, `symbolic link`
        /// (links are not followed) or `special file` (a FIFO, socket or device).
        case skipped(path: String, kind: String)
        /// A file or folder an ignore rule or `--exclude` left out.
        case ignored(path: String, rule: IgnoreRule)
        /// A folder the walk enters (before its entries), for `--watch` to watch it.
        case folder(String)
    }

    /// How files and folders are chosen.
    package var options: WalkOptions

    /// Creates a walker.
    package init(options: WalkOptions = WalkOptions()) {
        self.options = options
    }

    /// Whether `path` has an extension the readers understand.
    package static func isSupported(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), let slash = path.lastIndex(of: "/") ?? Optional(path.startIndex),
              dot > slash else { return false }
        return supportedExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// Walks `root` (a folder or a single file, absolute), calling `found` for each note file.
    ///
    /// Returns the problems met on the way (folders that could not be listed); the folders named there were
    /// not walked, so the caller must not treat their files as deleted.
    package func walk(root: String, found: (FileEntry) -> Void) -> [Problem] {
        walk(root: root) { visit in
            if case .note(let entry) = visit { found(entry) }
        }
    }

    /// Walks `path` (absolute) as part of the root `top` (the folder the user named; `path` by default),
    /// reporting every file met to `visit`. Ignore rules, hidden names and `--exclude` are judged from `top`,
    /// so `path` may be any file or folder below it (what `--watch` refreshes); such a path that is hidden,
    /// ignored or gone yields nothing. Returns the problems, as ``walk(root:found:)`` does.
    package func walk(root path: String, within top: String? = nil, visit: (Visit) -> Void) -> [Problem] {
        withoutActuallyEscaping(visit) { visit in
            let top = top ?? path
            var walk = Walk(options: options, top: top, visit: visit)
            var info = stat()
            // A path below the root is judged as the walk would meet it (a link as a link); a root is followed.
            guard (path == top ? stat(path, &info) : lstat(path, &info)) == 0 else {
                let code = errno
                if path != top && (code == ENOENT || code == ENOTDIR) { return [] }
                return [Problem(path: path, reason: Self.describe(code))]
            }
            if path != top {
                guard walk.enterParents(of: path) else { return [] }
                walk.visitEntry(path, name: Self.name(of: path), info)
            } else if Self.isDirectory(info) {
                walk.enterFoldersAbove(path)
                walk.ancestors.insert(DeviceInode(info))
                walk.walkDirectory(path)
            } else if Self.isRegular(info) {
                visit(.note(Self.entry(path: path, info)))
            } else {
                // A FIFO or device named as a root is an input that cannot be indexed: say so, never wait on it.
                let kind = NoteFileReader.specialKind(info.st_mode) ?? "a special file"
                return [Problem(path: path, reason: "\(kind), not a file or folder of notes; name a file or folder")]
            }
            return walk.problems
        }
    }

    /// `stat` of one path, or `nil` when it does not exist or cannot be read.
    package static func entry(at path: String) -> FileEntry? {
        var info = stat()
        guard stat(path, &info) == 0, isRegular(info) else { return nil }
        return entry(path: path, info)
    }

    static func entry(path: String, _ info: stat) -> FileEntry {
        #if canImport(Darwin)
        let seconds = Int64(info.st_mtimespec.tv_sec), nanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        let seconds = Int64(info.st_mtim.tv_sec), nanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
        // Saturating: a time after 2262-04-11 does not fit in nanoseconds (and crashed the walk); such a file is
        // still indexed, and only a change that keeps both its size and that far a time goes unseen.
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (time, carry) = scaled.addingReportingOverflow(nanoseconds)
        let mtime = overflow || carry ? (seconds < 0 ? Int64.min : Int64.max) : time
        return FileEntry(path: path, size: Int64(info.st_size), mtimeNanoseconds: mtime)
    }

    /// How the summary names a file that is not a note: `.png`, or `no extension`.
    static func kind(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "no extension" }
        return "." + name[name.index(after: dot)...].lowercased()
    }

    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Where a `dirent`'s name starts.
    static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19

    static func isDirectory(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }
    static func isRegular(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }
    static func isLink(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFLNK }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or directory"
        case EACCES: return "permission denied"
        case ENOTDIR: return "not a directory"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
