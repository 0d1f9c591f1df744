import Foundation
import SQLiteKit

extension NoteIndex {
    /// After a write failed on a full disk (the transaction is rolled back): checkpoints the WAL into the
    /// file and truncates it, so closing removes it and the disk gets its space back. When that cannot
    /// finish (the file cannot grow) and this open created the file, the partial index is removed whole:
    /// it holds nothing the notes themselves do not, and the disk is left as it was. An older index keeps
    /// its WAL, which holds notes it committed; the next open with free space completes it.
    /// Called by `close()` with the lock held and the readers closed.
    func releaseSpaceAfterFullDisk() {
        let checkpointed = (try? connection.query("PRAGMA wal_checkpoint(TRUNCATE)") { $0.int(0) == 0 })?.first == true
        guard !checkpointed, createdFile else { return }
        connection.close()
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
