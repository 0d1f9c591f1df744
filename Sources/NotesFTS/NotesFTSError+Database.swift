import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLiteKit

extension NotesFTSError {
    /// The one-line message for an SQLite failure on the index at `path`: what happened and what to do,
    /// from the result code; SQLite's own message only where no code says more, and never the SQL.
    static func databaseMessage(path: String, error: SQLiteError, naming: IndexNaming = .option) -> String {
        switch error.code {
        case _ where error.isDiskFull:
            return "\(path): the disk is full; free some space and run notes-index again"
        case SQLITE_BUSY, SQLITE_LOCKED:
            return "\(path) is locked by another program writing to it (another notes-index?); wait until it finishes and try again"
        case SQLITE_READONLY:
            return "\(path) cannot be written (the file or its folder is read-only); check its permissions or \(naming.chooseAnother)"
        case SQLITE_CANTOPEN where error.systemErrno == EACCES || error.systemErrno == EPERM:
            return "cannot read \(path): permission denied; check that you may read it and its folders (and write them, for notes-index), or \(naming.chooseAnother)"
        case SQLITE_CANTOPEN:
            return "cannot open \(path); check that its folder exists and is readable (and writable for notes-index)"
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return "\(path) is damaged; run `\(naming.command(path, "--check"))`, and rebuild it from your notes if that fails"
        case SQLITE_IOERR:
            return "\(path): the disk reported an I/O error (\(error.message)); check the disk and its free space, then try again"
        case SQLITE_NOMEM:
            return "\(path): out of memory; close other programs and try again"
        default:
            return "\(path): \(error.message) (SQLite error \(error.code)); run `\(naming.command(path, "--check"))`"
        }
    }

}
