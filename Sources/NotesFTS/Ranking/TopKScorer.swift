/// bm25 of one query for a note, from each token's weighted frequency in it and its size: the query's
/// tokens with their idf (from the row count and each token's exact document frequency) and how many of
/// FTS5's phrases each is (``TopKQuery/multiplicity``).
struct TopKScorer {
    /// Each token's idf, as FTS5 computes it.
    let idf: [Double]
    /// How many phrases each token is.
    let multiplicity: [Int]
    /// The token of each phrase, in the query's order (``TopKQuery/phraseTokens``).
    let phrases: [Int]
    /// `avgdl`, from FTS5's averages record.
    let averageSize: Double

    init(shape: TopKQuery, documents: [Int64], totals: FullTextTotals) {
        idf = documents.map { BM25.idf(rows: totals.rows, hits: $0) }
        multiplicity = shape.multiplicity
        phrases = shape.phraseTokens
        averageSize = totals.averageSize
    }

    /// bm25 of a note from each token's weighted frequency (0 where absent) and its size: the phrases' parts
    /// added in the query's order, as FTS5 adds them (`alpha charlie alpha` adds alpha's part, charlie's, then
    /// alpha's again; adding alpha's twice first can round differently, and two notes FTS5 scores alike then
    /// come out in another order). An absent phrase adds 0 to FTS5's sum, which changes nothing.
    @inline(__always)
    func score(_ frequencies: [Double], size: Int) -> Double {
        var total = 0.0
        for token in phrases where frequencies[token] > 0 {
            total += idf[token] * BM25.saturation(frequency: frequencies[token], size: size, averageSize: averageSize)
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
