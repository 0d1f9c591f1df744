/// What one indexing run did, counted in files (and the notes in the index at the end).
public struct IndexSummary: Sendable, Equatable {
    /// Note files found under the paths given.
    public var seen = 0
    /// Files actually opened and read (changed or new ones; unchanged files are skipped by size and time).
    public var read = 0
    /// New files indexed (that hold at least one note; see ``empty``).
    public var added = 0
    /// Changed files re-indexed (that still hold at least one note; see ``empty``).
    public var updated = 0
    /// New or changed files read that hold no note (an empty `.json` or export array, an export whose notes
    /// are all trashed): recorded, so not read again while unchanged, but not counted as added or updated; a
    /// changed one's earlier notes are removed.
    public var empty = 0
    /// Files with nothing to do (same size and time, or same content).
    public var unchanged = 0
    /// Files whose notes were removed: they vanished, or are now left out as copies of an export beside them.
    public var removed = 0
    /// Inputs that could not be indexed (each reported as a warning); their earlier notes are kept.
    public var skipped = 0
    /// Lines of JSON Lines files that could not be read (each reported as a warning); the rest of their file
    /// was indexed, so the file is counted as added or updated, not as skipped.
    public var skippedLines = 0
    /// Notes left out of files that were otherwise indexed because they cannot be read (the encrypted items of
    /// a partly encrypted Standard Notes backup; each file reported as a warning with its count). The file is
    /// counted as added or updated, not as skipped.
    public var skippedNotes = 0
    /// Files found that are not notes, counted by kind: an extension (`.png`), `no extension`,
    /// `symbolic link` (not followed), `special file`. They are not read and do not make the run fail.
    public var otherFiles: [String: Int] = [:]
    /// Files left out because they are an export's own copies of notes read from another file (``ExportLayout``).
    public var leftOut = 0
    /// Notes in the index after the run.
    public var notes = 0
    /// Wall time of the run in seconds.
    public var elapsedSeconds = 0.0

    /// Creates an empty summary.
    public init() {}
}

extension IndexSummary {
    /// Counts a file read and indexed with `notes` notes: added or updated, or ``empty`` when it holds none.
    mutating func countRead(isNew: Bool, notes: Int) {
        if notes == 0 {
            empty += 1
        } else if isNew {
            added += 1
        } else {
            updated += 1
        }
    }
}
