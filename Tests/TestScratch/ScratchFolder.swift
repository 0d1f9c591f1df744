import Foundation

/// Temporary folders for the tests, all inside one folder per test process that is removed when the process
/// exits, so that `swift test` leaves nothing behind in the system's temporary folder.
///
/// Many tests keep an index open after the value that made its folder is gone (`TestFolder().openIndex()`),
/// so a folder cannot be removed when that value dies; the process's folder goes at exit instead. A run that
/// was killed before its exit is cleaned by the next run (``removeFoldersOfEndedRuns(in:)``).
///
/// ```swift
/// let folder = ScratchFolder.make("notesfts")   // $TMPDIR/notes-fts-tests-<pid>/notesfts-<UUID>
/// ```
public enum ScratchFolder {
    /// The name every process's folder starts with, followed by its process id.
    public static let processFolderPrefix = "notes-fts-tests-"

    /// This process's folder, created (and its removal at exit registered) on first use.
    public static let processFolder: String = {
        let temporary = FileManager.default.temporaryDirectory.path
        removeFoldersOfEndedRuns(in: temporary)
        let folder = temporary + "/" + processFolderPrefix + String(getpid())
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ScratchFolder.processFolder) }
        return folder
    }()

    /// A new, empty folder named `prefix-<UUID>` inside this process's folder; returns its path.
    public static func make(_ prefix: String) -> String {
        let folder = processFolder + "/" + prefix + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes the folders in `parent` left by test processes that are no longer running (killed before their
    /// exit could remove them). A folder whose process id is in use again is kept: only ended runs are removed.
    public static func removeFoldersOfEndedRuns(in parent: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        for name in names where name.hasPrefix(processFolderPrefix) {
            guard let pid = pid_t(name.dropFirst(processFolderPrefix.count)), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: parent + "/" + name)
            }
        }
    }
}
