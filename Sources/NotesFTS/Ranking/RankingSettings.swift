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
    /// …and in at least this share of all notes. 2% since 1 Dec, fourth session (5% before, 10% until the
    /// second). An untracked word alone in its query is ranked from one FTS5 walk of its notes, about 1 µs a
    /// note; among other words, or with its other forms, one in more than 2,000 notes sends the query to full
    /// scoring. At 100,000 notes a word in 4.9% of them took 4.97 ms alone, twice the article's `LIKE`, and
    /// 1.04 ms tracked. The 1,252 words tracked instead of 477 made the index 2.7% larger; the fresh build did
    /// not slow down beyond the noise (Benchmarks/README.md).
    package var minimumShare = 0.02
    /// The share of a tracked term's notes kept in its upper tier (``UpperTier``): those with the highest bm25
    /// saturation. A query of several tracked words is answered from the upper tiers when the k-th best note
    /// holding them all scores above the cuts' bounds, and from the complete lists otherwise; a larger share
    /// proves more queries and costs more postings each (Benchmarks/README.md, "Upper tiers").
    package var upperShare = 0.2

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
