#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ignore rules in force in one folder of a walk, with ripgrep's precedence:
///
/// 1. `--exclude` globs (anchored at the root the user named) win over everything;
/// 2. then the ignore files of the deepest folder that has a matching rule: a folder's files override its
///    parents'; within one folder `.notesignore` overrides `.ignore`, which overrides `.gitignore`;
/// 3. within one file the last matching line decides (so `!keep.md` after `*.md` re-includes it).
///
/// Ignore files are read in the root and every folder below it, and in the root's parent folders up to the
/// top of the git repository that holds the root (none when the root is not inside one).
struct IgnoreRules: Sendable {
    /// The ignore files one folder can hold, highest precedence first.
    static let fileNames = [".notesignore", ".ignore", ".gitignore"]

    /// The rules of one folder, one array per ignore file in precedence order.
    struct Level: Sendable {
        let folder: String
        let files: [[IgnoreRule]]
    }

    private(set) var excludes: Level?
    private(set) var levels: [Level] = []
    /// Whether ignore files are read at all (`false`: only `--exclude` applies).
    let readsIgnoreFiles: Bool

    /// Rules for a walk of `root` with `excludes` (gitignore syntax, anchored at `root`).
    init(root: String, excludes: [String], readsIgnoreFiles: Bool) {
        self.readsIgnoreFiles = readsIgnoreFiles
        let rules = excludes.compactMap { IgnoreRule($0[...], origin: "--exclude") }
        if !rules.isEmpty { self.excludes = Level(folder: root, files: [rules]) }
        if readsIgnoreFiles {
            for folder in Self.repositoryParents(of: root) { enter(folder, names: nil) }
        }
    }

    /// Adds the ignore files of `folder` (which the walk is entering); `names` are the folder's entries when
    /// already listed (`nil`: look for the files).
    mutating func enter(_ folder: String, names: Set<String>?) {
        guard readsIgnoreFiles else { return }
        var files: [[IgnoreRule]] = []
        for name in Self.fileNames where names?.contains(name) ?? true {
            let path = Self.join(folder, name)
            guard let bytes = try? NoteFileReader.bytes(at: path) else { continue }
            files.append(IgnoreRule.rules(in: String(decoding: bytes, as: UTF8.self), origin: path))
        }
        if files.contains(where: { !$0.isEmpty }) { levels.append(Level(folder: folder, files: files)) }
    }

    /// The rule that decides about `path` (absolute), a folder if `isFolder`: an excluding rule, a
    /// re-including (negated) one, or `nil` when no rule matches.
    func decidingRule(for path: String, isFolder: Bool) -> IgnoreRule? {
        if let excludes, let rule = Self.lastMatch(in: excludes.files[0], folder: excludes.folder, path, isFolder) {
            return rule
        }
        for level in levels.reversed() {
            for file in level.files {
                if let rule = Self.lastMatch(in: file, folder: level.folder, path, isFolder) { return rule }
            }
        }
        return nil
    }

    /// Whether `path` is excluded (a rule matches it and the deciding one is not a `!` rule).
    func excludes(_ path: String, isFolder: Bool) -> Bool {
        decidingRule(for: path, isFolder: isFolder).map { !$0.isNegated } ?? false
    }

    private static func lastMatch(in rules: [IgnoreRule], folder: String, _ path: String, _ isFolder: Bool) -> IgnoreRule? {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let relative = String(path.dropFirst(prefix.count))
        return rules.last { $0.matches(relative, isFolder: isFolder) }
    }

    /// The parent folders of `root`, outermost first, up to the one holding `.git`; empty when `root` itself
    /// holds `.git` or no parent does.
    static func repositoryParents(of root: String) -> [String] {
        if exists(join(root, ".git")) { return [] }
        var parents: [String] = []
        var folder = root
        while folder != "/" && !folder.isEmpty {
            folder = parent(of: folder)
            parents.append(folder)
            if exists(join(folder, ".git")) { return parents.reversed() }
        }
        return []
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
