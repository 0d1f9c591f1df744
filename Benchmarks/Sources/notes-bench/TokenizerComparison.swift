import Foundation
import NotesFTS

/// The index's CJK tokenizer (`notes_cjk_v1`) against plain `unicode61` on the same corpus, in the same run
/// (`notes-bench --compare-tokenizers`): fresh build wall time, peak RSS and index size, our ranked top-20
/// p50 for every benchmark query, and the notes each finds against `LIKE` (the Korean query is the one
/// the tokenizer exists for).
struct TokenizerComparison {
    /// The figures of one tokenizer.
    struct Side {
        /// `notes_cjk_v1` or `unicode61`.
        var tokenizer: String
        /// Its fresh `notes-index` build.
        var build: BuildBenchmark.Run
        /// Query label → our ranked top-20 with snippets, ms.
        var queries: [String: Percentiles] = [:]
        /// Query label → the recall audit against LIKE on this index.
        var recall: [String: RecallAudit.Result] = [:]
    }

    /// The CJK tokenizer (the index's default), then `unicode61`.
    var sides: [Side]
    /// The benchmark queries, in report order.
    var queries: [BenchQuery] = []

    /// Builds the `unicode61` index at `database` with `notes-index --tokenizer unicode61` (a fresh build,
    /// measured as the main one is).
    static func buildUnicode61(corpus: String, database: String, notesIndex: String) throws -> BuildBenchmark.Run {
        let builder = BuildBenchmark(corpus: corpus, database: database, notesIndex: notesIndex,
                                     extraArguments: ["--tokenizer", "unicode61"])
        var run = try builder.fresh()
        run.label = "fresh build, unicode61"
        return run
    }

    /// Times our ranked top 20 for each query on each index, interleaved (the order alternates every round,
    /// after `warmups` untimed runs), and audits each query's recall against LIKE on each index.
    mutating func measure(_ queries: [BenchQuery], indexes: [NoteIndex], runs: Int, warmups: Int = 2) throws {
        self.queries = queries
        for query in queries {
            var samples = Array(repeating: [Double](), count: indexes.count)
            let options = SearchOptions(limit: 20)
            for index in indexes { for _ in 0..<warmups { _ = try index.search(query.text, options: options) } }
            for round in 0..<runs {
                for step in indexes.indices {
                    let which = (round + step) % indexes.count
                    let started = Clock.now()
                    _ = try indexes[which].search(query.text, options: options)
                    samples[which].append(Clock.seconds(since: started) * 1000)
                }
            }
            for (side, index) in indexes.enumerated() {
                sides[side].queries[query.label] = Percentiles(samples[side])
                sides[side].recall[query.label] = try RecallAudit.audit(query, index: index)
            }
        }
    }

    /// The comparison as Markdown tables.
    func markdown(notes: Int, corpusBytes: Int) -> [String] {
        var lines = ["", "### Tokenizers: \(sides.map { "`\($0.tokenizer)`" }.joined(separator: " vs ")) (same corpus, same run)", ""]
        lines.append("| tokenizer | fresh build s | notes/s | peak RSS MB | index MB | index / corpus |")
        lines.append("|---|---:|---:|---:|---:|---:|")
        for side in sides {
            let seconds = side.build.measurement.seconds
            lines.append(String(format: "| `%@` | %.2f | %.0f | %.0f | %.0f | %.2f |", side.tokenizer, seconds,
                                Double(notes) / seconds, Double(side.build.measurement.peakRSSBytes) / 1e6,
                                Double(side.build.indexBytes) / 1e6, Double(side.build.indexBytes) / Double(max(corpusBytes, 1))))
        }
        guard !queries.isEmpty else { return lines }
        lines.append("")
        let names = sides.map(\.tokenizer)
        lines.append("| query | text | LIKE finds | " + names.map { "`\($0)` finds" }.joined(separator: " | ") + " | "
                     + names.map { "`\($0)` top-20 p50 ms" }.joined(separator: " | ") + " |")
        lines.append("|---|---|---:|" + String(repeating: "---:|", count: names.count * 2))
        for query in queries {
            let like = sides.first?.recall[query.label]?.likeCount ?? 0
            let found = sides.map { side in side.recall[query.label].map { "\($0.ourCount)" } ?? "–" }
            let p50 = sides.map { side in side.queries[query.label].map { Report.ms($0.p50) } ?? "–" }
            lines.append("| \(query.label) | `\(query.text)` | \(like) | " + found.joined(separator: " | ") + " | "
                         + p50.joined(separator: " | ") + " |")
        }
        return lines
    }

    /// The same figures as JSON.
    func json(notes: Int) -> [[String: Any]] {
        sides.map { side in
            [
                "tokenizer": side.tokenizer, "fresh_build_seconds": side.build.measurement.seconds,
                "peak_rss_bytes": side.build.measurement.peakRSSBytes, "index_bytes": side.build.indexBytes,
                "notes_per_second": Double(notes) / side.build.measurement.seconds,
                "queries": queries.map { query -> [String: Any] in
                    var entry: [String: Any] = ["label": query.label, "text": query.text]
                    if let timing = side.queries[query.label] { entry["ours_ms"] = timing.json }
                    if let recall = side.recall[query.label] {
                        entry["like"] = recall.likeCount
                        entry["ours"] = recall.ourCount
                        entry["like_only"] = recall.likeOnly
                        entry["ours_only"] = recall.oursOnly
                    }
                    return entry
                },
            ]
        }
    }
}
