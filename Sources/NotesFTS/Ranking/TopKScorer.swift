/// bm25 of one query for a note, from each token's weighted frequency in it and its size: the query's
/// tokens with their idf (from the row count and each token's exact document frequency) and how many of
/// FTS5's phrases each is (``TopKQuery/multiplicity``).
struct TopKScorer {
    /// Each token's idf, as FTS5 computes it.
    let idf: [Double]
    /// How many phrases each token is.
    let multiplicity: [Int]
    /// `avgdl`, from FTS5's averages record.
    let averageSize: Double

    init(shape: TopKQuery, documents: [Int64], totals: FullTextTotals) {
        idf = documents.map { BM25.idf(rows: totals.rows, hits: $0) }
        multiplicity = shape.multiplicity
        averageSize = totals.averageSize
    }

    /// bm25 of a note from each token's weighted frequency (0 where absent) and its size.
    @inline(__always)
    func score(_ frequencies: [Double], size: Int) -> Double {
        var total = 0.0
        for index in frequencies.indices where frequencies[index] > 0 {
            let part = idf[index] * BM25.saturation(frequency: frequencies[index], size: size, averageSize: averageSize)
            for _ in 0..<multiplicity[index] { total += part }
        }
        return total
    }

    /// bm25 of a note holding only token `token` of the query, with weighted frequency `frequency` (> 0): the
    /// same operations as ``score(_:size:)`` with every other frequency 0, without an array.
    @inline(__always)
    func score(frequency: Double, size: Int, token: Int) -> Double {
        var total = 0.0
        let part = idf[token] * BM25.saturation(frequency: frequency, size: size, averageSize: averageSize)
        for _ in 0..<multiplicity[token] { total += part }
        return total
    }
}
