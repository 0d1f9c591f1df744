import SQLiteKit

/// The top-k path of a ranked query (``NoteIndex/search(_:options:)``): the exact top `offset + limit` notes by
/// FTS5's bm25, from the side tables, without scoring every match; or the reason to score in full.
///
/// For a tracked word `t` with `df` notes, in an index of `N` notes whose average size is `avgdl`: every note in
/// the impact head is scored from its stored `(f, D)` with FTS5's formula (``BM25``); every other note scores at
/// most `idf · max g(f, D)` over the frontier (``ImpactFrontier``). Head notes that pass the filters and beat that
/// bound are therefore exactly the best notes overall, in order; if fewer than needed beat it, FTS5 scores all.
struct TopKPlan {
    /// One chosen note and its score (positive, as the library reports bm25).
    struct Hit: Equatable {
        var id: Int64
        var score: Double
    }

    /// What happened.
    enum Outcome {
        /// The exact top notes, best first (ties by id), and a description for `--explain`.
        case answered([Hit], String)
        /// Scored in full by FTS5, for this reason.
        case fullScoring(String)
    }

    /// Plans and, when it can, answers `query`.
    static func run(_ db: Connection, _ query: ParsedQuery, options: SearchOptions) throws -> Outcome {
        guard options.allowsTopK else { return .fullScoring("the top-k path is turned off") }
        guard options.sort == .rank, !options.reverse else { return .fullScoring("reversed rank order") }
        let shape: TopKQuery
        do {
            shape = try TopKQuery(query, tokenizer: try RankingTables.tokenizer(db))
        } catch let unsupported as TopKQuery.Unsupported {
            return .fullScoring(unsupported.reason)
        }
        guard try RankingTables.isCurrent(db) else {
            return .fullScoring("the top-k tables are not current (written by another tool since; notes-index brings them up to date)")
        }
        guard let entry = try db.query("SELECT df, frontier FROM topk_terms WHERE term = ?1", [.text(shape.term)], { row in
            (row.int64(0), ImpactFrontier(encoded: row.blob(1) ?? []))
        }).first, let frontier = entry.1, let totals = try RankingTables.totals(db) else {
            return .fullScoring("\"\(shape.term)\" is not a tracked frequent word: its notes are few enough to score in full")
        }
        let idf = BM25.idf(rows: totals.rows, hits: entry.0)
        let average = totals.averageSize
        let bound = idf * frontier.bound(averageSize: average)
        let rows = try db.query("SELECT note, frequency, size FROM topk_head WHERE term = ?1", [.text(shape.term)]) { row in
            Hit(id: row.int64(0), score: idf * BM25.saturation(frequency: row.double(1), size: row.int(2), averageSize: average))
        }
        let head = rows.filter { $0.score > bound }.sorted(by: Self.ranksBefore)
        let needed = max(options.offset, 0) + options.limit
        let passing = try filtered(head, db, query, options: options, exclusion: shape.exclusion, needed: needed)
        guard passing.count >= needed || frontier.points.isEmpty else {
            return .fullScoring("only \(passing.count) notes of the impact head of \"\(shape.term)\" beat the bound "
                + "\(bound) of the other notes; \(needed) needed")
        }
        let page = Array(passing.prefix(needed).dropFirst(max(options.offset, 0)))
        let description = "top-k: impact head of \"\(shape.term)\" (\(head.count) of its \(entry.0) notes beat the bound "
            + "\(bound) of the others; N = \(totals.rows))"
        return .answered(page, description)
    }

    /// Best first; ties by id, as the full-scoring path breaks them.
    static func ranksBefore(_ left: Hit, _ right: Hit) -> Bool {
        left.score != right.score ? left.score > right.score : left.id < right.id
    }

    /// The hits, in order, that pass the query's filters, until `needed` are found.
    private static func filtered(_ hits: [Hit], _ db: Connection, _ query: ParsedQuery, options: SearchOptions,
                                 exclusion: String?, needed: Int) throws -> [Hit] {
        let filter = SearchFilter(query: query, options: options)
        if filter.isEmpty && exclusion == nil { return hits }
        var passing: [Hit] = []
        var start = 0
        while start < hits.count && passing.count < needed {
            let chunk = Array(hits[start..<min(start + max(needed * 2, 64), hits.count)])
            let statement = SearchSQL.topKFilter(ids: chunk.map(\.id), filter: filter, exclusion: exclusion)
            let kept = Set(try db.query(statement.sql, named: statement.parameters) { $0.int64(0) })
            passing += chunk.filter { kept.contains($0.id) }
            start += chunk.count
        }
        return passing
    }
}
