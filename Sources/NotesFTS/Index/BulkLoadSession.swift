import Dispatch
import SQLiteKit

/// A first build in progress, as the store runs it: a chain of transactions without the sync triggers, each
/// committed (with the triggers back in place) once ``NoteIndex/BulkLoadSettings/commitInterval`` has passed,
/// so Ctrl-C or a crash loses at most that much work and every committed state is a consistent index.
///
/// The index records `meta.first_build = 'incomplete'` in the first commit and clears it in the last, so
/// the next run knows it may continue in bulk (``NoteIndex/hasUnfinishedFirstBuild()``).
package final class BulkLoadSession {
    private let connection: Connection
    private let settings: NoteIndex.BulkLoadSettings
    private var lastCommit = DispatchTime.now()
    private var triggersDropped = false
    /// The second full-text writer of this build, when it has one (``NoteIndex/usesSideWriter(_:)``).
    var sideWriter: FullTextSideWriter?

    init(connection: Connection, settings: NoteIndex.BulkLoadSettings) {
        self.connection = connection
        self.settings = settings
    }

    /// Whether this build commits as it goes (not when one `'rebuild'` at the end fills `notes_fts`: until
    /// then the notes would have no full-text entries).
    var commitsAsItGoes: Bool { settings.commitInterval != nil && settings.fullText != .rebuildAfterLoad }

    /// Opens the next transaction and drops the triggers (unless they stay for this build).
    func begin() throws {
        try connection.execute("BEGIN IMMEDIATE")
        if settings.fullText != .triggersDuringLoad {
            try connection.execute(Schema.dropTriggersSQL)
            triggersDropped = true
        }
    }

    /// Puts the triggers back and commits.
    func commit() throws {
        if triggersDropped {
            try connection.execute(Schema.triggerSQL)
            triggersDropped = false
        }
        try connection.execute("COMMIT")
        lastCommit = DispatchTime.now()
    }

    /// Rolls back the open transaction (what earlier commits stored stays).
    func rollback() {
        if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
        triggersDropped = false
    }

    /// Commits what is loaded so far and opens the next transaction, if the commit interval has passed.
    /// Call it between files, never inside one.
    package func commitIfDue() throws {
        guard commitsAsItGoes, let interval = settings.commitInterval else { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - lastCommit.uptimeNanoseconds) / 1e9
        guard elapsed >= interval else { return }
        try commit()
        try begin()
    }

    /// Runs `body` with the sync triggers in place: for writes that update or delete notes (a file changed
    /// or vanished since an interrupted first build), which the triggers must mirror into `notes_fts`.
    package func withTriggers<T>(_ body: () throws -> T) throws -> T {
        guard triggersDropped else { return try body() }
        try connection.execute(Schema.triggerSQL)
        triggersDropped = false
        let value = try body()
        try connection.execute(Schema.dropTriggersSQL)
        triggersDropped = true
        return value
    }
}
