import SQLiteKit

/// The memory a query's posting lists were decoded into, kept with the connection for its next query.
///
/// A query over common words decodes hundreds of thousands of postings (20 bytes each): at 1,000,000 notes,
/// `read book` fills 12 MB. Freshly allocated, every page of that is a page fault and a page the kernel
/// zeroes, and the allocator returns memory that large to the system when it is freed: 6.5 ms of the
/// query's 14.5 (measured with the allocator told to keep its memory). Keeping the last query's lists,
/// emptied, lets the next one decode into pages already mapped. It holds no figures from one query to the
/// next (the lists are emptied before use); it only keeps their capacity, at most ``keptLimit`` postings
/// (40 MB). The first query of a connection, as a one-shot `notes-find` makes, gains nothing.
final class PostingRoom {
    /// The most postings whose memory is kept.
    static let keptLimit = 1 << 21
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
