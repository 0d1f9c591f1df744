import SQLiteKit

/// The memory a prefix query lists its rare expansions' notes and its candidates in, kept with the connection
/// for its next query, as ``PostingRoom`` keeps a query's posting lists: fresh, that memory is page faults
/// (`read*` at 1,000,000 notes: 19,441 rare notes and 19,839 candidates, 0.8 MB, which the allocator gives
/// back to the system when they are freed). Lists above ``PostingRoom/keptLimit`` entries are not kept.
final class PrefixRoom {
    /// The rare expansions' notes (``PrefixPostings/Parts/untracked``), empty.
    private var untracked = PostingList()
    /// ``PrefixHeadSearch``'s candidates, empty.
    private var candidates: [TopKTokenStatistics.Entry] = []

    /// The room kept with `db`.
    static func of(_ db: Connection) -> PrefixRoom { db.attachment("notes-fts.prefix-room") { PrefixRoom() } }

    /// An empty list holding the kept memory (taken out, so that the list is its only owner).
    func takeUntracked() -> PostingList {
        var list = PostingList()
        swap(&list, &untracked)
        list.removeAll()
        return list
    }

    /// Keeps `list`'s memory for the next query (once no one else holds the list, it is the memory's only owner).
    func keep(untracked list: PostingList) {
        untracked = list.capacity <= PostingRoom.keptLimit ? list : PostingList()
    }

    /// An empty array holding the kept memory.
    func takeCandidates() -> [TopKTokenStatistics.Entry] {
        var entries: [TopKTokenStatistics.Entry] = []
        swap(&entries, &candidates)
        entries.removeAll(keepingCapacity: true)
        return entries
    }

    /// Keeps `entries`' memory for the next query.
    func keep(candidates entries: [TopKTokenStatistics.Entry]) {
        candidates = entries.capacity <= PostingRoom.keptLimit ? entries : []
    }
}
