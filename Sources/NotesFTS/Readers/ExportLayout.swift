import Foundation

/// Recognises the files an app's export writes besides its notes, so that no note is indexed twice and no
/// bookkeeping file becomes a note:
/// - Google Keep (Takeout): `Labels.txt` (the list of labels, already on each note) and each note's `.html`
///   copy beside its `.json`, when that `.json` (for `Labels.txt`, some `.json` of the folder) is a Keep note
///   (``isKeepNote(_:)``): any other `X.html` beside an `X.json` is a note of its own;
/// - Simplenote: the `.txt` copy of each note beside `source/notes.json` (or `notes.json`), which holds the
///   same notes with their tags and dates: a `.txt` whose first line is the first line of a note there (any
///   other `.txt` of the folder is a note of its own).
package enum ExportLayout {
    private static let simplenoteExports = FolderCache<SimplenoteExport?> { findSimplenoteExport(in: $0) }
    private static let keepFolders = FolderCache<Bool> { folderHoldsKeepNotes($0) }

    /// Forgets what was looked up, so that an export that appeared in a folder (or left it) since is seen as it
    /// is now: each indexing run starts with this (``Indexer/run(paths:)``, ``Indexer/refresh(_:within:)``).
    package static func forgetFolders() {
        simplenoteExports.removeAll()
        keepFolders.removeAll()
    }

    /// The files and folders whose notes may change when `path` changes (is written, appears or goes), because
    /// whether they are an export's copies depends on it: a Keep note's `.html` twin and its folder's
    /// `Labels.txt` for a `.json`; the export's folder (its `.txt` copies) for a Simplenote `notes.json` or
    /// the `source` folder holding one. Existing paths only; what `--watch` refreshes besides `path`.
    package static func dependents(of path: String) -> [String] {
        let folder = IgnoreRules.parent(of: path)
        let name = FileWalker.name(of: path)
        var found: [String] = []
        if name == "source" { found.append(folder) }
        if name == "notes.json" { found.append(FileWalker.name(of: folder) == "source" ? IgnoreRules.parent(of: folder) : folder) }
        if name.lowercased().hasSuffix(".json") {
            let stem = IgnoreRules.join(folder, String(name.dropLast(5)))
            found += [stem + ".html", stem + ".htm", IgnoreRules.join(folder, "Labels.txt")]
        }
        return found.filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// Why the file at `path` is an export's own copy or bookkeeping and not a note; `nil` for a note.
    package static func reasonToLeaveOut(_ path: String) -> String? {
        // Called for every file of every run (a no-op re-run too): plain string slicing, no NSString bridging.
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let dot = name.lastIndex(of: ".")
        let stem = dot.map { String(name[..<$0]) } ?? name
        let ext = dot.map { name[name.index(after: $0)...].lowercased() } ?? ""
        if name == "Labels.txt", keepFolders.value(for: folder) {
            return "Google Keep's list of labels (each note's labels are read from its .json)"
        }
        if ext == "html" || ext == "htm", isKeepNote(folder + "/" + stem + ".json") {
            return "the HTML copy of \(stem).json, which is read instead"
        }
        if ext == "txt", let export = simplenoteExports.value(for: folder),
           let head = NoteFileReader.head(at: path, count: 4096), export.firstLines.contains(firstLine(of: head)) {
            return "Simplenote's text copy of a note in \(export.source), which is read instead"
        }
        return nil
    }

    /// Whether the file at `path` is a Google Keep note as Takeout writes it: its first 4 KB name Keep's own
    /// fields (`userEditedTimestampUsec`, or `isTrashed` beside `textContent` or `listContent`). A missing
    /// file, or one that is not Keep's, is not.
    static func isKeepNote(_ path: String) -> Bool {
        // Never blocks: a FIFO is not read (see NoteFileReader.head(at:count:)).
        guard let head = NoteFileReader.head(at: path, count: 4096) else { return false }
        let text = String(decoding: head, as: UTF8.self)
        return text.contains("\"userEditedTimestampUsec\"")
            || (text.contains("\"isTrashed\"") && (text.contains("\"textContent\"") || text.contains("\"listContent\"")))
    }

    /// Whether some `.json` of `folder` is a Keep note (``isKeepNote(_:)``), looking at each until one is.
    fileprivate static func folderHoldsKeepNotes(_ folder: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { $0.lowercased().hasSuffix(".json") && isKeepNote(folder + "/" + $0) }
    }

    /// A Simplenote export beside a folder's `.txt` files: where its `notes.json` is, and the first line of
    /// each of its notes (active and trashed), the line Simplenote names and starts each `.txt` copy with.
    struct SimplenoteExport: Sendable {
        var source: String
        var firstLines: Set<String>
    }

    /// The Simplenote `notes.json` of `folder` (`source/notes.json` or `notes.json` holding `activeNotes`).
    fileprivate static func findSimplenoteExport(in folder: String) -> SimplenoteExport? {
        for relative in ["source/notes.json", "notes.json"] {
            let path = folder + "/" + relative
            // Never blocks: a FIFO named notes.json is not read (see NoteFileReader.head(at:count:)).
            guard let head = NoteFileReader.head(at: path, count: 4096),
                  String(decoding: head, as: UTF8.self).contains("\"activeNotes\""),
                  let bytes = try? NoteFileReader.bytes(at: path) else { continue }
            var parser = JSONParser(bytes: bytes)
            guard let export = (try? parser.document())?.objectValue else { continue }
            var lines = Set<String>()
            for key in ["activeNotes", "trashedNotes"] {
                for note in export[key]?.arrayValue ?? [] {
                    if let content = note.objectValue?["content"]?.stringValue { lines.insert(firstLine(of: Array(content.utf8))) }
                }
            }
            return SimplenoteExport(source: relative, firstLines: lines)
        }
        return nil
    }

    /// The first line of `bytes` (UTF-8), without its line break and surrounding spaces.
    static func firstLine(of bytes: [UInt8]) -> String {
        let end = bytes.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
        return SpaceTrimming.trimmed(String(decoding: bytes[..<end], as: UTF8.self))
    }
}

/// What a folder's look-up found, computed once per folder (the first time a file of it asks) and then
/// remembered, from any thread, until ``removeAll()``: whether it holds a Keep note, its Simplenote export.
private final class FolderCache<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]
    private let compute: @Sendable (String) -> Value

    init(_ compute: @escaping @Sendable (String) -> Value) { self.compute = compute }

    /// Forgets every folder's value: each is computed again when next asked for.
    func removeAll() {
        lock.lock()
        values.removeAll()
        lock.unlock()
    }

    func value(for folder: String) -> Value {
        lock.lock()
        if let known = values[folder] { lock.unlock(); return known }
        lock.unlock()
        let found = compute(folder)
        lock.lock()
        values[folder] = found
        lock.unlock()
        return found
    }
}
