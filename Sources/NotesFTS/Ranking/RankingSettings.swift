/// The thresholds of the top-k path's side tables (``RankingTables``).
///
/// They decide which terms get an impact head and how long it is; results are exact whatever they are (a query
/// the tables cannot answer exactly is scored in full). `package` so that tests can lower them and make small
/// corpora take the fast path.
package struct RankingSettings: Sendable, Equatable {
    /// Notes kept in each tracked term's impact head.
    package var headSize = 400
    /// A term is tracked when it is in at least this many notes…
    package var minimumDocumentFrequency = 1_000
    /// …and in at least this share of all notes. 5% (10% until 1 Dec): at 100,000 notes the words in 5–10%
    /// of them answered in 13–17 ms as whole processes instead of 38 ms, for 6.4 MB more (1% of the index;
    /// Benchmarks/README.md).
    package var minimumShare = 0.05

    /// The defaults above (chosen by measurement; see docs/top-k.md).
    package init() {}

    /// Settings with other thresholds (for tests).
    package init(headSize: Int, minimumDocumentFrequency: Int, minimumShare: Double) {
        self.headSize = headSize
        self.minimumDocumentFrequency = minimumDocumentFrequency
        self.minimumShare = minimumShare
    }

    /// Whether a term in `documents` of `rows` notes gets a head: frequent, and with more notes than the head
    /// holds (a shorter list is cheap to score in full).
    func tracks(documents: Int, rows: Int) -> Bool {
        documents > headSize && documents >= minimumDocumentFrequency
            && Double(documents) >= minimumShare * Double(rows)
    }
}
