#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Finds note files under folders, fast: `readdir` and `lstat` only, no file is opened.
///
/// Walks recursively in name order; skips hidden files and folders (names starting with `.`) below a root,
/// but never a root the user named; does not follow symbolic links below a root; keeps only files whose
/// extension is in ``supportedExtensions``.
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

    /// Creates a walker.
    package init() {}

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
        var problems: [Problem] = []
        var info = stat()
        guard stat(root, &info) == 0 else {
            return [Problem(path: root, reason: Self.describe(errno))]
        }
        if Self.isDirectory(info) {
            walkDirectory(root, found: found, problems: &problems)
        } else if Self.isRegular(info) {
            found(Self.entry(path: root, info))
        }
        return problems
    }

    private func walkDirectory(_ directory: String, found: (FileEntry) -> Void, problems: inout [Problem]) {
        guard let handle = opendir(directory) else {
            problems.append(Problem(path: directory, reason: Self.describe(errno)))
            return
        }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        closedir(handle)
        names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names {
            let path = prefix + name
            var info = stat()
            guard lstat(path, &info) == 0 else {
                problems.append(Problem(path: path, reason: Self.describe(errno)))
                continue
            }
            if Self.isDirectory(info) {
                walkDirectory(path, found: found, problems: &problems)
            } else if Self.isRegular(info) && Self.isSupported(name) {
                found(Self.entry(path: path, info))
            }
        }
    }

    /// `stat` of one path, or `nil` when it does not exist or cannot be read.
    package static func entry(at path: String) -> FileEntry? {
        var info = stat()
        guard stat(path, &info) == 0, isRegular(info) else { return nil }
        return entry(path: path, info)
    }

    private static func entry(path: String, _ info: stat) -> FileEntry {
        #if canImport(Darwin)
        let seconds = Int64(info.st_mtimespec.tv_sec), nanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        let seconds = Int64(info.st_mtim.tv_sec), nanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
        return FileEntry(path: path, size: Int64(info.st_size), mtimeNanoseconds: seconds * 1_000_000_000 + nanoseconds)
    }

    private static func isDirectory(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }
    private static func isRegular(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or directory"
        case EACCES: return "permission denied"
        case ENOTDIR: return "not a directory"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
