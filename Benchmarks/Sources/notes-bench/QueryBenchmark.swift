import NotesFTS
import SQLiteKit

/// Times each query three ways in one process, interleaved (ours, the article's LIKE, the unordered LIKE),
/// after warm-up runs, so that the ratio compares like with like on a shared, noisy machine.
struct QueryBenchmark {
    /// The figures of one query, in milliseconds.
    struct Timing {
        /// The query.
        var query: BenchQuery
        /// Our ranked top-20 with snippets (`NoteIndex.search`).
        var ours: Percentiles
        /// `WHERE title LIKE ?1 OR body LIKE ?1 ORDER BY modified DESC LIMIT 50`.
        var article: Percentiles
        /// `WHERE … LIKE … LIMIT 20` (stops at the 20th match).
        var unordered: Percentiles
        /// How many results our top-20 returned.
        var ourResults: Int
        /// Article LIKE p50 / ours p50.
        var ratio: Double { article.p50 / max(ours.p50, 1e-6) }
    }

    /// Timed runs per form.
    var runs = 20
    /// Untimed runs per form before timing.
    var warmups = 2

    /// Runs the benchmark for each query on `index`; `progress` hears about each query as it finishes.
    func run(_ queries: [BenchQuery], index: NoteIndex, progress: (String) -> Void) throws -> [Timing] {
        var timings: [Timing] = []
        for query in queries {
            var ours: [Double] = [], article: [Double] = [], unordered: [Double] = []
            var found = 0
            let parameters = query.likePatterns.map { SQLiteValue.text($0) }
            let forms: [() throws -> Void] = [
                { found = try index.search(query.text, options: SearchOptions(limit: 20)).count },
                { _ = try index.connection.query(query.articleSQL, parameters) { $0.int64(0) } },
                { _ = try index.connection.query(query.unorderedSQL, parameters) { $0.int64(0) } },
            ]
            for _ in 0..<warmups { for form in forms { try form() } }
            for round in 0..<runs {
                // Rotate the order each round so no form always runs first on a cold-ish cache.
                for step in 0..<forms.count {
                    let which = (round + step) % forms.count
                    let started = Clock.now()
                    try forms[which]()
                    let milliseconds = Clock.seconds(since: started) * 1000
                    switch which {
                    case 0: ours.append(milliseconds)
                    case 1: article.append(milliseconds)
                    default: unordered.append(milliseconds)
                    }
                }
            }
            let timing = Timing(query: query, ours: Percentiles(ours), article: Percentiles(article),
                                unordered: Percentiles(unordered), ourResults: found)
            progress("\(query.label) \(query.text): ours p50 \(Report.ms(timing.ours.p50)) ms, LIKE p50 \(Report.ms(timing.article.p50)) ms")
            timings.append(timing)
        }
        return timings
    }
}
