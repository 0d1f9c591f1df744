import Foundation
import NotesFTS

extension IndexSummary {
    /// The one-line summary `notes-index` prints last.
    public var line: String {
        "\(seen) files seen, \(read) read: \(added) added, \(updated) updated, \(unchanged) unchanged, "
            + "\(removed) removed, \(skipped) skipped" + (leftOut > 0 ? ", \(leftOut) export copies left out" : "")
            + "; \(notes) notes in the index; "
            + String(format: "%.2fs", elapsedSeconds)
    }
}
