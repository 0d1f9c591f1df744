/// The version of the notes-fts library and tools, printed by `--version`.
public enum NotesFTSVersion {
    /// Semantic version of this release.
    public static let string = "0.1.0"
}

import SQLiteKit

extension NotesFTSVersion {
    /// The version of the SQLite library in use, e.g. `3.40.1`.
    public static var sqlite: String { Connection.sqliteVersion }
}
