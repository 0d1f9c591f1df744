import Foundation
import NotesFTS

extension IndexSummary {
    /// The one-line summary `notes-index` prints last. Files read that hold no note (`with no notes`),
    /// JSON Lines lines and encrypted notes skipped are named only when there were some.
    public var line: String {
        "\(seen) files seen, \(read) read: \(added) added, \(updated) updated, \(unchanged) unchanged, "
            + (empty > 0 ? "\(empty) with no notes, " : "")
            + "\(removed) removed, \(skipped) skipped" + (skippedLines > 0 ? ", \(skippedLines) lines skipped" : "")
            + (skippedNotes > 0 ? ", \(skippedNotes) encrypted \(skippedNotes == 1 ? "note" : "notes") skipped" : "")
            + (leftOut > 0 ? ", \(leftOut) export copies left out" : "")
            + "; \(otherFilesClause)\(notes) notes in the index; "
            + String(format: "%.2fs", elapsedSeconds)
    }

    /// `12 other files not read: 9 .png, 3 .pdf; `, most frequent kind first (empty when there were none).
    var otherFilesClause: String {
        let total = otherFiles.values.reduce(0, +)
        guard total > 0 else { return "" }
        let kinds = otherFiles.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let noun = total == 1 ? "other file" : "other files"
        return "\(total) \(noun) not read: " + kinds.map { "\($0.value) \(Self.kind($0.key, count: $0.value))" }.joined(separator: ", ") + "; "
    }

    /// A kind of file as counted: an extension (`.png`) or `no extension` as it is, a noun (`symbolic link`,
    /// `special file`) in the plural for more than one.
    static func kind(_ kind: String, count: Int) -> String {
        count == 1 || kind.hasPrefix(".") || kind.hasPrefix("no ") ? kind : kind + "s"
    }
}
