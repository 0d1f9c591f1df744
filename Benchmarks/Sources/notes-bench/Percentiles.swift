/// Order statistics of a sample of timings (nearest-rank percentiles).
struct Percentiles: Sendable {
    /// The median.
    let p50: Double
    /// The 95th percentile.
    let p95: Double
    /// The 99th percentile.
    let p99: Double
    /// How many samples.
    let count: Int

    /// Summarises `samples` (any unit; the caller keeps track).
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
            return sorted[min(max(index, 0), sorted.count - 1)]
        }
        p50 = rank(50)
        p95 = rank(95)
        p99 = rank(99)
    }

    /// As a JSON object (milliseconds when the samples were milliseconds).
    var json: [String: Any] { ["p50": p50, "p95": p95, "p99": p99, "runs": count] }
}
