import CSQLite

/// Settings of the SQLite library itself, for the whole process. SQLite takes them only before it is first
/// used (`sqlite3_config`), so a program sets them first thing in `main`.
public enum SQLiteLibrary {
    /// Turns SQLite's memory statistics (`sqlite3_memory_used()` and friends) on or off. They are on by
    /// default, and then every allocation and every free inside SQLite takes one process-wide mutex to count
    /// itself. Threads that use SQLite at once (a first build's writers and readers) queue on it; off, they
    /// do not. Returns whether SQLite took the setting: `false` once SQLite is initialized.
    ///
    /// ```swift
    /// SQLiteLibrary.setMemoryStatistics(false)   // before the first connection opens
    /// ```
    @discardableResult
    public static func setMemoryStatistics(_ on: Bool) -> Bool {
        csqlite_config_memstatus(on ? 1 : 0) == SQLITE_OK
    }
}
