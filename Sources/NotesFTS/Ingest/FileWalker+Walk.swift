#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder's identity, to recognise a symbolic link back to one of its ancestors.
struct DeviceInode: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

extension FileWalker {
    /// The state of one walk: the rules in force, the folders above the current one, what went wrong.
    struct Walk {
        let options: WalkOptions
        let top: String
        let visit: (Visit) -> Void
        var rules: IgnoreRules
        var ancestors: Set<DeviceInode> = []
        var problems: [Problem] = []

        init(options: WalkOptions, top: String, visit: @escaping (Visit) -> Void) {
            self.options = options
            self.top = top
            self.visit = visit
            rules = IgnoreRules(root: top, excludes: options.excludes, readsIgnoreFiles: options.readsIgnoreFiles)
        }

        /// Takes in the folders above the root when links are followed (its parents up to `/`, by the path as
        /// named and as resolved), so that a link to one of them is reported as a loop instead of walked: walking
        /// it would index files outside the root (a link to `~` inside `~/notes`, the whole home folder).
        mutating func enterFoldersAbove(_ top: String) {
            guard options.followsLinks else { return }
            var paths = [top]
            if let resolved = realpath(top, nil) {
                paths.append(String(cString: resolved))
                free(resolved)
            }
            var info = stat()
            for path in paths {
                var folder = Substring(path)
                while let slash = folder.lastIndex(of: "/") {
                    folder = slash == folder.startIndex ? "/" : folder[..<slash]
                    if stat(String(folder), &info) == 0 { ancestors.insert(DeviceInode(info)) }
                    if folder == "/" { break }
                }
            }
        }

        /// Takes in the rules of the folders from `top` down to `path`'s parent; `false` when one of them is
        /// hidden or ignored (then `path` is left out too).
        mutating func enterParents(of path: String) -> Bool {
            let prefix = top.hasSuffix("/") ? top : top + "/"
            guard path.hasPrefix(prefix) else { return false }
            enterFoldersAbove(top)
            var folder = top
            var info = stat()
            if stat(top, &info) == 0 { ancestors.insert(DeviceInode(info)) }
            rules.enter(top, names: nil)
            for name in path.dropFirst(prefix.count).split(separator: "/").dropLast() {
                folder = IgnoreRules.join(folder, String(name))
                let rule = rules.decidingRule(for: folder, isFolder: true)
                if name.hasPrefix(".") && rule?.isNegated != true { return false }
                if let rule, !rule.isNegated {
                    visit(.ignored(path: folder, rule: rule))
                    return false
                }
                if stat(folder, &info) == 0 { ancestors.insert(DeviceInode(info)) }
                rules.enter(folder, names: nil)
            }
            return true
        }

        /// Visits `directory` (opened, its listing not yet read), then visits its entries in name order, with its
        /// ignore files in force.
        mutating func walkDirectory(_ directory: String) {
            guard let handle = opendir(directory) else {
                problems.append(Problem(path: directory, reason: FileWalker.describe(errno)))
                return
            }
            // Before the listing is read, so that a watcher can watch the folder first: what is created in it
            // afterwards is then reported to it, and nothing created during the walk is missed.
            visit(.folder(directory))
            var names: [String] = []
            var hidden: Set<String> = []
            while let entry = readdir(handle) {
                // Read in place up to its NUL: a record is only as long as its name, so copying the whole
                // 256-byte `d_name` out of the last record of readdir's buffer can read past the buffer
                // (it crashed the walk of a 1M-note corpus).
                let bytes = UnsafeRawPointer(entry).advanced(by: FileWalker.nameOffset).assumingMemoryBound(to: CChar.self)
                // Paths are text here and in the index: a name that is not UTF-8 could only be read back as a
                // different name (its bytes replaced), which no `lstat` finds. Say why it is left out.
                guard let name = String(validatingCString: bytes) else {
                    let shown = IgnoreRules.join(directory, String(cString: bytes))
                    problems.append(Problem(path: shown, reason: "its name is not valid UTF-8, which the index cannot store; rename it to index it"))
                    continue
                }
                if name == "." || name == ".." { continue }
                names.append(name)
                if name.hasPrefix(".") { hidden.insert(name) }
            }
            closedir(handle)
            names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let saved = rules
            rules.enter(directory, names: hidden)
            for name in names {
                let path = IgnoreRules.join(directory, name)
                var info = stat()
                guard lstat(path, &info) == 0 else {
                    problems.append(Problem(path: path, reason: FileWalker.describe(errno)))
                    continue
                }
                visitEntry(path, name: name, info)
            }
            rules = saved
        }

        /// Visits one entry below the root (`info` from `lstat`, or `stat` for a refreshed path).
        mutating func visitEntry(_ path: String, name: String, _ linkInfo: stat) {
            // Hidden names are left out unless an ignore rule re-includes them (`!.templates/`), as in ripgrep.
            if name.hasPrefix("."),
               rules.decidingRule(for: path, isFolder: FileWalker.isDirectory(linkInfo))?.isNegated != true { return }
            var info = linkInfo
            if FileWalker.isLink(info) {
                guard options.followsLinks else { return visit(.skipped(path: path, kind: "symbolic link")) }
                guard stat(path, &info) == 0 else { return visit(.skipped(path: path, kind: "broken symbolic link")) }
            }
            let isFolder = FileWalker.isDirectory(info)
            if let rule = rules.decidingRule(for: path, isFolder: isFolder), !rule.isNegated {
                return visit(.ignored(path: path, rule: rule))
            }
            if isFolder {
                let identity = DeviceInode(info)
                guard ancestors.insert(identity).inserted else {
                    problems.append(Problem(path: path, reason: "symbolic link loop (it leads back to a folder above it); not followed"))
                    return
                }
                walkDirectory(path)
                ancestors.remove(identity)
            } else if FileWalker.isRegular(info) {
                if FileWalker.isSupported(name) {
                    visit(.note(FileWalker.entry(path: path, info)))
                } else {
                    visit(.skipped(path: path, kind: FileWalker.kind(of: name)))
                }
            } else {
                visit(.skipped(path: path, kind: "special file"))
            }
        }
    }
}
