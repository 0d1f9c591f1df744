import SQLiteKit

/// What the top-k path knows about one query token: its exact document frequency, and either its impact
/// head and frontier (a tracked word) or every note holding it (a word few enough notes hold).
struct TopKTokenStatistics {
    /// One note's figures for the token.
    struct Entry {
        var note: Int64
        var frequency: Double
        var size: Int
    }

    /// Notes holding the token (exact).
    var documents: Int64
    /// The head (tracked) or all notes holding the token (untracked), one entry a note, by ascending note id.
    var entries: [Entry]
    /// The frontier of the notes not in ``entries``; `nil` when ``entries`` holds them all.
    var frontier: ImpactFrontier?

    /// The most notes an untracked token may hold (they are all read and scored).
    static let untrackedLimit = 2_000

    /// Whether the token is tracked (cheap: one key lookup).
    static func isTracked(_ token: String, _ db: Connection) throws -> Bool {
        try db.scalarInt("SELECT EXISTS (SELECT 1 FROM topk_terms WHERE term = ?1)", [.text(token)]) == 1
    }

    /// The number of notes holding the tracked `token` (`topk_terms.df`, its posting list's length); `nil`
    /// when it is not tracked.
    static func documentFrequency(_ token: String, _ db: Connection) throws -> Int? {
        try db.scalarInt("SELECT df FROM topk_terms WHERE term = ?1", [.text(token)])
    }

    /// Reads the token's figures; `nil` when it is untracked and more than ``untrackedLimit`` notes hold it.
    static func load(_ token: String, _ db: Connection) throws -> TopKTokenStatistics? {
        if let tracked = try db.query("SELECT df, frontier FROM topk_terms WHERE term = ?1", [.text(token)], { row in
            (row.int64(0), ImpactFrontier(encoded: row.blob(1) ?? []))
        }).first, let frontier = tracked.1 {
            // The head's blocks, by note id (four rows for a head of 400 notes).
            return TopKTokenStatistics(documents: tracked.0, entries: entries(try PostingStore.load(token, db, from: .head)),
                                       frontier: frontier)
        }
        // One walk, stopped one note past the limit, both counts the notes and reads their figures (a count
        // first, then the walk, read the notes of a word under the limit twice).
        let statistics = try MatchStatistics(db)
        var rows: [MatchStatistics.Row] = []
        try statistics.walk(RankingTables.matchString(token), db, into: &rows, limit: untrackedLimit + 1)
        if rows.count > untrackedLimit { return nil }
        try statistics.completeSizes(&rows, db)
        let entries = rows.map { Entry(note: $0.id, frequency: $0.frequency, size: Int($0.size)) }
        return TopKTokenStatistics(documents: Int64(entries.count), entries: entries, frontier: nil)
    }

    /// The postings of `list` (a stored head) as entries.
    static func entries(_ list: PostingList) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(list.count)
        for index in 0..<list.count {
            entries.append(Entry(note: list.ids[index], frequency: list.frequencies[index], size: Int(list.sizes[index])))
        }
        return entries
    }

    /// The entries as a posting list (for a token whose entries are all its notes).
    var postingList: PostingList {
        var list = PostingList()
        list.reserve(entries.count)
        for entry in entries { list.append(id: entry.note, frequency: entry.frequency, size: entry.size) }
        return list
    }
}
