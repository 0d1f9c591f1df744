import Foundation

/// Recognises the files an app's export writes besides its notes, so that no note is indexed twice and no
/// bookkeeping file becomes a note:
/// - Google Keep (Takeout): `Labels.txt` (the list of labels, already on each note) and each note's `.html`
///   copy beside its `.json`;
/// - Simplenote: the `.txt` copy of each note beside `source/notes.json` (or `notes.json`), which holds the
///   same notes with their tags and dates.
package enum ExportLayout {
    private static let cache = SimplenoteFolderCache()

    /// Why the file at `path` is an export's own copy or bookkeeping and not a note; `nil` for a note.
    package static func reasonToLeaveOut(_ path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension.lowercased()
        if name == "Labels.txt", hasFile(withExtension: "json", in: folder) {
            return "Google Keep's list of labels (each note's labels are read from its .json)"
        }
        if ext == "html" || ext == "htm", FileManager.default.fileExists(atPath: folder + "/" + stem + ".json") {
            return "the HTML copy of \(stem).json, which is read instead"
        }
        if ext == "txt", let source = cache.simplenoteSource(in: folder) {
            return "Simplenote's text copy of a note in \(source), which is read instead"
        }
        return nil
    }

    private static func hasFile(withExtension ext: String, in folder: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { ($0 as NSString).pathExtension.lowercased() == ext }
    }

    /// The Simplenote `notes.json` of `folder` (`source/notes.json` or `notes.json` holding `activeNotes`).
    fileprivate static func findSimplenoteSource(in folder: String) -> String? {
        for relative in ["source/notes.json", "notes.json"] {
            let path = folder + "/" + relative
            // Never blocks: a FIFO named notes.json is not read (see NoteFileReader.head(at:count:)).
            guard let head = NoteFileReader.head(at: path, count: 4096) else { continue }
            if String(decoding: head, as: UTF8.self).contains("\"activeNotes\"") { return relative }
        }
        return nil
    }
}

/// Remembers, per folder, whether it holds a Simplenote export (looked up once per folder, from any thread).
private final class SimplenoteFolderCache: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [String: String?] = [:]

    func simplenoteSource(in folder: String) -> String? {
        lock.lock()
        if let known = sources[folder] { lock.unlock(); return known }
        lock.unlock()
        let found = ExportLayout.findSimplenoteSource(in: folder)
        lock.lock()
        sources[folder] = .some(found)
        lock.unlock()
        return found
    }
}
