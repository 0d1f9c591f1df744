import SQLiteKit

extension NoteIndex {
    /// What ``reclaimFreeSpace(minimumShare:vacuumShare:)`` did.
    package enum SpaceReclaim: Equatable, Sendable {
        /// Too few free pages to be worth it: they stay in the file, and the next writes reuse them.
        case none
        /// `PRAGMA incremental_vacuum` gave this many free pages back to the file system.
        case truncated(pages: Int)
        /// An index made without auto-vacuum was rewritten once by `VACUUM` with `auto_vacuum=INCREMENTAL`
        /// (so later runs only truncate), giving back this many pages.
        case vacuumed(pages: Int)
    }

    /// The share of free pages above which a run gives them back to the file system. FTS5 writes a merge's
    /// output before it deletes the merged segments, so each re-run leaves free pages about the size of the
    /// largest merge it finished (up to the whole full-text index); without this a 100k-note index grew by
    /// 27% after one re-run with 1% of the notes changed (Benchmarks/README.md).
    package static let freeShareToReclaim = 0.02

    /// The share of free pages above which an index made without auto-vacuum is rewritten once by `VACUUM`:
    /// that rewrites the whole file (and needs its size again in free disk), so only when a tenth is wasted.
    package static let freeShareToVacuum = 0.10

    /// Turns on `auto_vacuum=INCREMENTAL` for a file that has no page yet: SQLite only allows it before the
    /// first table is created, and before the switch to WAL writes the file's first page.
    static func enableIncrementalVacuumOnNewFile(_ connection: Connection) throws {
        if try connection.scalarInt("PRAGMA page_count") == 0 {
            try connection.execute("PRAGMA auto_vacuum=INCREMENTAL")
        }
    }

    /// Gives the index file's free pages back to the file system when they are at least `minimumShare` of
    /// it: at once with `PRAGMA incremental_vacuum` (an index made by this version), or, for an older index
    /// made without auto-vacuum whose free pages reach `vacuumShare`, by one `VACUUM` that also turns
    /// auto-vacuum on. `VACUUM` is one transaction: if it fails (a full disk) the index stays as it was, and
    /// this returns ``SpaceReclaim/none``. Call it outside a transaction; `notes-index` does after each run.
    @discardableResult
    package func reclaimFreeSpace(minimumShare: Double = freeShareToReclaim,
                                  vacuumShare: Double = freeShareToVacuum) throws -> SpaceReclaim {
        try wrap {
            let pages = try connection.scalarInt("PRAGMA page_count") ?? 0
            let free = try connection.scalarInt("PRAGMA freelist_count") ?? 0
            guard free > 0, Double(free) >= Double(pages) * minimumShare else { return .none }
            switch try connection.scalarInt("PRAGMA auto_vacuum") ?? 0 {
            case 2:
                try connection.execute("PRAGMA incremental_vacuum")
                return .truncated(pages: pages - (try connection.scalarInt("PRAGMA page_count") ?? pages))
            case 0 where Double(free) >= Double(pages) * vacuumShare:
                do {
                    try connection.execute("PRAGMA auto_vacuum=INCREMENTAL; VACUUM")
                } catch is SQLiteError {
                    // Rolled back: the index is as it was (a full disk is reported by the next write, if any).
                    return .none
                }
                return .vacuumed(pages: pages - (try connection.scalarInt("PRAGMA page_count") ?? pages))
            default:
                // auto_vacuum=FULL (set by another tool) truncates at every commit already.
                return .none
            }
        }
    }
}
