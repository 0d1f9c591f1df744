import SQLiteKit

/// The memory a query's posting lists were decoded into, kept with the connection for its next query.
///
/// A query over common words decodes hundreds of thousands of postings (20 bytes each): at 1,000,000 notes,
/// `read book` fills 12 MB. Freshly allocated, every page of that is a page fault and a page the kernel
/// zeroes, and the allocator returns memory that large to the system when it is freed: 6.5 ms of the
/// query's 14.5 (measured with the allocator told to keep its memory). Keeping the last query's lists lets
/// the next one decode into pages already mapped. The kept postings are never read: ``take()`` empties the
/// list before it hands it out. At most ``keptLimit`` postings are kept (20 MB) a connection; a
/// ``ReaderPool`` of 8 readers and the main connection could keep 9 times that in a long-lived process.
/// The first query of a connection, as a one-shot `notes-find` makes, gains nothing.
final class PostingRoom {
    /// The most postings whose memory is kept.
    static let keptLimit = 1 << 20
    private var spare: PostingList?

    /// The room kept with `db`.
    static func of(_ db: Connection) -> PostingRoom { db.attachment("notes-fts.posting-room") { PostingRoom() } }

    /// An empty list holding the kept memory (taken out, so the list is its only owner and fills it in place).
    func take() -> PostingList {
        var list = spare ?? PostingList()
        spare = nil
        list.removeAll()
        return list
    }

    /// Keeps `list`'s memory for the next query when it is not above ``keptLimit`` postings.
    func giveBack(_ list: PostingList) {
        if list.capacity <= Self.keptLimit { spare = list }
    }
}
