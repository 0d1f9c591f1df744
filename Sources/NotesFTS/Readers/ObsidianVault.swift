import Foundation

/// Whether a file lies in an Obsidian vault (a folder with a `.obsidian` settings folder at or above it),
/// where a note's name is its file name: a note without a front-matter title or `# heading` is titled by
/// its file name, as Obsidian shows it, not by its first line.
enum ObsidianVault {
    private static let cache = DirectoryCache()

    /// Forgets what was looked up, so that a folder made a vault (or no longer one) since is seen as it is
    /// now: each indexing run starts with this (``Indexer/run(paths:)``, ``Indexer/refresh(_:within:)``).
    static func forgetFolders() {
        cache.removeAll()
    }

    /// Whether `path` (a file) is inside a vault. Each folder is looked up once until ``forgetFolders()``.
    static func contains(_ path: String) -> Bool {
        // The file's folder by its last `/`, in Swift: `NSString.deletingLastPathComponent` cost about a
        // microsecond a file, a tenth of a no-op run over 100,000 notes, which asks this of every file.
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return false }
        if let known = cache.value(String(path[..<slash])) { return known }
        var directory = PathNormalization.parentFolder(of: path)
        var visited: [String] = []
        var found = false
        while directory.count > 1 {
            if let known = cache.value(directory) { found = known; break }
            visited.append(directory)
            var info = stat()
            if stat(directory + "/.obsidian", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { found = true; break }
            directory = PathNormalization.parentFolder(of: directory)
        }
        for folder in visited { cache.set(folder, found) }
        return found
    }
}

/// A lock-protected map of folders to a fact about them, shared by the reading threads.
private final class DirectoryCache: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Bool] = [:]

    func value(_ directory: String) -> Bool? {
        lock.lock()
        defer { lock.unlock() }
        return values[directory]
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        values.removeAll()
    }

    func set(_ directory: String, _ value: Bool) {
        lock.lock()
        defer { lock.unlock() }
        values[directory] = value
    }
}
