/// What one indexing run did, counted in files (and the notes in the index at the end).
public struct IndexSummary: Sendable, Equatable {
    /// Note files found under the paths given.
    public var seen = 0
    /// Files actually opened and read (changed or new ones; unchanged files are skipped by size and time).
    public var read = 0
    /// New files indexed.
    public var added = 0
    /// Changed files re-indexed.
    public var updated = 0
    /// Files with nothing to do (same size and time, or same content).
    public var unchanged = 0
    /// Files that vanished, whose notes were removed.
    public var removed = 0
    /// Inputs that could not be indexed (each reported as a warning); their earlier notes are kept.
    public var skipped = 0
    /// Files left out because they are an export's own copies of notes read from another file (``ExportLayout``).
    public var leftOut = 0
    /// Notes in the index after the run.
    public var notes = 0
    /// Wall time of the run in seconds.
    public var elapsedSeconds = 0.0

    /// Creates an empty summary.
    public init() {}

    /// The one-line summary `notes-index` prints last.
    public var line: String {
        "\(seen) files seen, \(read) read: \(added) added, \(updated) updated, \(unchanged) unchanged, "
            + "\(removed) removed, \(skipped) skipped" + (leftOut > 0 ? ", \(leftOut) export copies left out" : "")
            + "; \(notes) notes in the index; "
            + String(format: "%.2fs", elapsedSeconds)
    }
}

/// A non-fatal problem with one input: the file or folder and why it was skipped.
public struct IndexWarning: Sendable, Equatable, CustomStringConvertible {
    /// The file or folder.
    public var path: String
    /// The reason, e.g. `invalid UTF-8 at byte 12`.
    public var reason: String
    /// Creates a warning.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
