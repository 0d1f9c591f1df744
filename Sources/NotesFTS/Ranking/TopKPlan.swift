import SQLiteKit

/// The top-k path of a ranked query (``NoteIndex/search(_:options:)``): the exact top `offset + limit` notes by
/// FTS5's bm25, from the side tables, without scoring every match; or the reason to score in full.
///
/// A threshold algorithm over the query's words (``TopKQuery``): the candidates are the notes in the impact
/// heads of the tracked words and every note of the untracked ones. A candidate's score is exact where its
/// figures are known; for a tracked word whose head it is not in, the word adds at most what the word's
/// frontier allows at the note's size (``ImpactFrontier/bound(size:averageSize:)``), or the note's figure is
/// read from FTS5 when that bound could matter. A note that is no candidate scores at most the sum of the
/// tracked words' frontier bounds. The answer is exact when the k-th best exact score beats every bound left.
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
        guard try RankingTables.isCurrent(db), let totals = try RankingTables.totals(db) else {
            return .fullScoring("the top-k tables are not current (written by another tool since; notes-index brings them up to date)")
        }
        guard try shape.tokens.contains(where: { try TopKTokenStatistics.isTracked($0, db) }) else {
            return .fullScoring("no tracked frequent word: the notes are few enough to score in full")
        }
        var statistics: [TopKTokenStatistics] = []
        for token in shape.tokens {
            guard let loaded = try TopKTokenStatistics.load(token, db) else {
                return .fullScoring("\"\(token)\" is neither tracked nor rare (more than \(TopKTokenStatistics.untrackedLimit) notes)")
            }
            statistics.append(loaded)
        }
        var search = TopKSearch(shape: shape, statistics: statistics, totals: totals)
        let needed = max(options.offset, 0) + options.limit
        guard let hits = try search.top(needed, db, query: query, options: options) else {
            return .fullScoring("the heads cannot prove the top \(needed): too few candidates beat the bound "
                + "\(search.unseenBound) of the notes outside the heads, or more than \(TopKSearch.lookupLimit(needed)) "
                + "would have to be read from FTS5")
        }
        let description = "top-k: \(search.candidateCount) candidates from the impact heads of "
            + shape.tokens.map { "\"\($0)\"" }.joined(separator: ", ") + ", \(search.lookups) read from FTS5, "
            + "bound of the others \(search.unseenBound); N = \(totals.rows)"
        return .answered(Array(hits.dropFirst(max(options.offset, 0))), description)
    }

    /// Best first; ties by id, as the full-scoring path breaks them.
    static func ranksBefore(_ left: Hit, _ right: Hit) -> Bool {
        left.score != right.score ? left.score > right.score : left.id < right.id
    }
}
