import Synchronization
import SQLiteKit

/// The memory a query's posting lists were decoded into, kept with the connection for its next query.
///
/// A query over common words decodes hundreds of thousands of postings (20 bytes each): at 1,000,000 notes,
/// `read book` fills 12 MB. Freshly allocated, every page of that is a page fault and a page the kernel
/// zeroes, and the allocator returns memory that large to the system when it is freed: 6.5 ms of the
/// query's 14.5 (measured with the allocator told to keep its memory). Keeping the last query's lists lets
/// the next one decode into pages already mapped. The kept postings are never read: ``take()`` empties the
/// list before it hands it out. The first query of a connection, as a one-shot `notes-find` makes, gains
/// nothing.
///
/// What is kept is bounded twice: at most ``keptLimit`` postings (20 MB) a connection, and at most
/// ``Ledger/processLimit`` (40 MB) over all the rooms of the process, so that a ``ReaderPool`` of 8 readers
/// in a long-lived app keeps no more than two connections' worth.
final class PostingRoom {
    /// The most postings whose memory one room keeps.
    static let keptLimit = 1 << 20
    private var spare: PostingList?
    private let ledger: Ledger

    /// The postings kept by all the rooms sharing it; rooms of different connections give back from different
    /// threads, so it is behind a lock.
    final class Ledger: Sendable {
        /// The most postings kept over all the rooms of the process.
        static let processLimit = 2 * PostingRoom.keptLimit
        /// The one every connection's room shares.
        static let process = Ledger(limit: processLimit)
        let limit: Int
        private let kept = Mutex(0)

        init(limit: Int) { self.limit = limit }

        /// Postings currently kept.
        var total: Int { kept.withLock { $0 } }

        /// Records `count` postings as kept, unless that would pass the limit.
        func reserve(_ count: Int) -> Bool {
            kept.withLock { total in
                guard total + count <= limit else { return false }
                total += count
                return true
            }
        }

        /// Records `count` postings as no longer kept.
        func release(_ count: Int) { kept.withLock { $0 -= count } }
    }

    /// A room whose keeping counts against `ledger` (tests give each room its own).
    init(ledger: Ledger = .process) { self.ledger = ledger }

    deinit { if let spare { ledger.release(spare.capacity) } }

    /// The room kept with `db`.
    static func of(_ db: Connection) -> PostingRoom { db.attachment("notes-fts.posting-room") { PostingRoom() } }

    /// An empty list holding the kept memory (taken out, so the list is its only owner and fills it in place).
    func take() -> PostingList {
        guard var list = spare else { return PostingList() }
        spare = nil
        ledger.release(list.capacity)
        list.removeAll()
        return list
    }

    /// Keeps `list`'s memory for the next query when it is not above ``keptLimit`` postings and the ledger has
    /// room for it; otherwise the memory is freed with the list.
    func giveBack(_ list: PostingList) {
        if let spare { ledger.release(spare.capacity) }
        spare = nil
        let capacity = list.capacity
        if capacity <= Self.keptLimit && ledger.reserve(capacity) { spare = list }
    }
}
