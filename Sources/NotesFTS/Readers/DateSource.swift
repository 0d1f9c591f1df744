/// Where a note's date came from, in order of trust: the note's own text or fields, a date in its file's
/// name, or the file system. `notes-find --json` shows it as `created_from`/`modified_from`.
public enum DateSource: String, Sendable, Equatable, CaseIterable, Codable {
    /// Front matter, JSON fields, properties or attributes of the note itself.
    case note
    /// A date in the file name (`2024-01-31.md`, `20240131 standup.txt`, `journals/2024_01_31.md`).
    case fileName = "file-name"
    /// The file's birth time (created) or modification time (modified): after a copy or a `git clone`, the
    /// time of the copy, not of the note.
    case fileSystem = "file"
}
