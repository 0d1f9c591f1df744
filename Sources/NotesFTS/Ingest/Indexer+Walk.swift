extension Indexer {
    /// Walks `root` within `top` with ``walkOptions``: returns the note files and the problems, counts the
    /// files that are not notes by kind in `summary`, and tells ``onNotice`` about them and about ignored paths.
    /// The index's own file and its `-wal`, `-shm` and `-journal` are passed over in silence.
    func walk(_ root: String, within top: String,
              summary: inout IndexSummary) -> ([FileEntry], [FileWalker.Problem]) {
        var entries: [FileEntry] = []
        var others: [String: Int] = [:]
        let notice = onNotice
        // The index's own files, when it lies in a folder it indexes: not notes, and not worth a word.
        let database = PathNormalization.absolute(index.path)
        let ownFiles = Set(["", "-wal", "-shm", "-journal", "-build"].map { database + $0 })
        let problems = FileWalker(options: walkOptions).walk(root: root, within: top) { visit in
            switch visit {
            case .note(let entry):
                entries.append(entry)
            case .skipped(let path, _) where ownFiles.contains(path):
                break
            case .skipped(let path, let kind):
                others[kind, default: 0] += 1
                notice(IndexWarning(path: path, reason: kind.hasPrefix(".") || kind == "no extension"
                                    ? "not a note file (\(kind))" : kind == "symbolic link" ? "symbolic link, not followed (-L follows links)" : "\(kind), not read"))
            case .ignored(let path, let rule):
                notice(IndexWarning(path: path, reason: "ignored by \(rule.origin): \(rule.line)"))
            case .folder:
                break
            }
        }
        summary.otherFiles.merge(others, uniquingKeysWith: +)
        return (entries, problems)
    }

    /// Brings the index up to date with `paths` (files or folders at or below the root `top`, whose ignore
    /// rules and `--exclude` globs apply), as ``Indexer/run(paths:)`` would for them: new and changed files
    /// are read, and the notes of files that are gone, hidden or now ignored there are removed. The files an
    /// export's change makes its copies, or notes again (``ExportLayout/dependents(of:)``), are refreshed too.
    /// What `--watch` runs for each change.
    public func refresh(_ paths: [String], within top: String) throws -> IndexSummary {
        ObsidianVault.forgetFolders()
        ExportLayout.forgetFolders()
        var summary = IndexSummary()
        var visited = Set<String>()
        let root = PathNormalization.absolute(top)
        // With the files an export's change makes copies (or notes again), within `top`; the shortest first:
        // a folder covers what lies below it.
        let changed = paths.map { PathNormalization.absolute($0) }
        let dependents = changed.flatMap(ExportLayout.dependents(of:)).filter { $0 == root || $0.hasPrefix(root == "/" ? "/" : root + "/") }
        var done: [String] = []
        for path in Set(changed + dependents).sorted(by: { $0.count < $1.count }) {
            if done.contains(where: { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }) { continue }
            done.append(path)
            try indexRoot(path, within: root, summary: &summary, visited: &visited)
        }
        summary.notes = try index.noteCount()
        return summary
    }
}
