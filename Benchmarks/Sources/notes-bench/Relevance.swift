import Foundation
import NotesFTS

/// Ranking quality on a judged query set: each query has the one note a person would want first, and the
/// figures are success@1 (that note ranks first), success@3 (it is in the top 3) and the mean reciprocal
/// rank (1/rank of that note, 0 when it is not in the top 10).
struct Relevance {
    /// One judged query.
    struct Judgement {
        /// What a person types.
        var query: String
        /// The wanted note: its path relative to the corpus root and its position in the file.
        var path: String
        var position: Int
        /// Why that note (documentation only).
        var reason: String
    }

    /// The outcome of one query.
    struct Outcome {
        var judgement: Judgement
        /// The 1-based rank of the wanted note, or `nil` when it is not in the top ``depth``.
        var rank: Int?
        /// How many notes the query returned (at most ``depth``).
        var returned: Int
        /// The title of the first result, if any.
        var first: String?
    }

    /// Results looked at per query.
    static let depth = 10

    var outcomes: [Outcome] = []

    var successAt1: Double { share { $0 == 1 } }
    var successAt3: Double { share { $0 <= 3 } }
    var meanReciprocalRank: Double {
        outcomes.isEmpty ? 0 : outcomes.reduce(0) { $0 + ($1.rank.map { 1 / Double($0) } ?? 0) } / Double(outcomes.count)
    }

    private func share(_ holds: (Int) -> Bool) -> Double {
        outcomes.isEmpty ? 0 : Double(outcomes.filter { $0.rank.map(holds) ?? false }.count) / Double(outcomes.count)
    }

    /// Reads the judged set: tab-separated `query`, `path[#position]`, `reason`; `#` lines are comments.
    static func judgements(file: String) throws -> [Judgement] {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line -> Judgement? in
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2 else { throw BenchError("\(file): expected `query<TAB>path`, got '\(line)'") }
            var path = fields[1]
            var position = 0
            if let hash = path.lastIndex(of: "#"), let number = Int(path[path.index(after: hash)...]) {
                position = number
                path = String(path[..<hash])
            }
            return Judgement(query: fields[0], path: path, position: position, reason: fields.count > 2 ? fields[2] : "")
        }
    }

    /// Indexes `corpus` into a fresh index at `database` and runs every judged query against it through
    /// `search` (what notes-find does with the query text).
    static func measure(corpus: String, database: String, judgements: [Judgement],
                        search: (NoteIndex, String) throws -> [SearchResult]) throws -> Relevance {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        let index = try NoteIndex(path: database)
        defer { index.close() }
        _ = try Indexer(index: index).run(paths: [corpus])
        let root = corpus.hasSuffix("/") ? corpus : corpus + "/"
        var relevance = Relevance()
        for judgement in judgements {
            let results = try search(index, judgement.query)
            let rank = results.firstIndex { result in
                result.path.hasPrefix(root) && String(result.path.dropFirst(root.count)) == judgement.path
                    && result.position == judgement.position
            }.map { $0 + 1 }
            relevance.outcomes.append(Outcome(judgement: judgement, rank: rank, returned: results.count, first: results.first?.title))
        }
        return relevance
    }

    /// The figures and the per-query table, in Markdown.
    var markdown: String {
        var lines = ["## Relevance (\(outcomes.count) judged queries, top \(Self.depth))", "",
                     "| figure | value |", "|---|---|",
                     "| success@1 | \(Self.percent(successAt1)) |", "| success@3 | \(Self.percent(successAt3)) |",
                     "| MRR | \(String(format: "%.3f", meanReciprocalRank)) |", "",
                     "| query | wanted | rank | results | first result |", "|---|---|---:|---:|---|"]
        for outcome in outcomes {
            let wanted = outcome.judgement.path + (outcome.judgement.position > 0 ? "#\(outcome.judgement.position)" : "")
            lines.append("| `\(outcome.judgement.query)` | \(wanted) | \(outcome.rank.map(String.init) ?? "–") | \(outcome.returned) | \(outcome.first ?? "") |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The figures as JSON.
    var json: [String: Any] {
        ["queries": outcomes.count, "success_at_1": successAt1, "success_at_3": successAt3, "mrr": meanReciprocalRank,
         "per_query": outcomes.map { outcome -> [String: Any] in
             ["query": outcome.judgement.query, "wanted": outcome.judgement.path, "position": outcome.judgement.position,
              "rank": outcome.rank ?? 0, "returned": outcome.returned]
         }]
    }

    private static func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
}
