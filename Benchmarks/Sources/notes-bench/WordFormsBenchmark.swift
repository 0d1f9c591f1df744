import Foundation
import NotesFTS
import SQLiteKit

/// Word forms and typo tolerance at scale, in-process: misspelt words (one edit in a 7-letter word, two in a
/// 10-letter one) and a plural, each timed as `NoteIndex.search` (expansion and correction included, ranked
/// top 20 with snippets) against the same search with `exact`; plus the vocabulary's own size, and what the
/// other design (stem tokens colocated in `notes_fts`) would have added, estimated from FTS5's vocabulary.
struct WordFormsBenchmark {
    /// One timed query.
    struct Timing {
        var label: String
        var text: String
        /// What the search corrected `text` to, if anything.
        var correctedTo: String?
        var results: Int
        var expanded: Percentiles
        var exact: Percentiles
    }

    var timings: [Timing] = []
    /// Pages of the `vocabulary` and `spelling` tables and their indexes (bytes, from `dbstat`), if available.
    var vocabularyBytes: Int?
    var spellingBytes: Int?
    /// Rows of `vocabulary` and `spelling`.
    var vocabularyRows = 0
    var spellingRows = 0
    /// Token occurrences in `notes_fts` and those whose inflection stem differs from the token: the postings a
    /// colocated stem token would add.
    var tokenOccurrences = 0
    var stemmedOccurrences = 0
    /// Seconds to fill the vocabulary tables again from `notes_fts` (what a first build adds at its end).
    var rebuildSeconds = 0.0
    /// The index file after a WAL checkpoint, and the tables other than the vocabulary's (bytes, `dbstat`).
    var fileBytes = 0

    /// Measures `index` (an index with the vocabulary tables, schema v5 or later).
    static func measure(index: NoteIndex, database: String, runs: Int, log: (String) -> Void) throws -> WordFormsBenchmark {
        var bench = WordFormsBenchmark()
        log("word forms: rebuilding the vocabulary once, timed…")
        let writer = try NoteIndex(path: database)
        let started = Clock.now()
        try writer.rebuildVocabulary()
        bench.rebuildSeconds = Clock.seconds(since: started)
        try writer.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        writer.close()
        bench.fileBytes = (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) ?? 0
        let db = index.connection
        bench.vocabularyRows = try db.scalarInt("SELECT count(*) FROM vocabulary") ?? 0
        bench.spellingRows = try db.scalarInt("SELECT count(*) FROM spelling") ?? 0
        bench.vocabularyBytes = try? db.scalarInt(
            "SELECT sum(pgsize) FROM dbstat WHERE name IN ('vocabulary', 'vocabulary_stem', 'sqlite_autoindex_vocabulary_1')")
        bench.spellingBytes = try? db.scalarInt("SELECT sum(pgsize) FROM dbstat WHERE name = 'spelling'")
        log("word forms: colocated-stem estimate from fts5vocab…")
        try bench.estimateColocatedStems(db)
        for (label, text) in try probes(db) {
            var expanded: [Double] = [], exact: [Double] = []
            var options = SearchOptions(limit: 20)
            var found = 0
            for round in 0..<(runs + 2) {
                for exactly in (round % 2 == 0 ? [false, true] : [true, false]) {
                    options.exact = exactly
                    let started = Clock.now()
                    let results = try index.search(text, options: options)
                    let milliseconds = Clock.seconds(since: started) * 1000
                    if !exactly { found = results.count }
                    guard round >= 2 else { continue }
                    if exactly { exact.append(milliseconds) } else { expanded.append(milliseconds) }
                }
            }
            let page = try index.searchPage(text, options: SearchOptions(limit: 1))
            bench.timings.append(Timing(label: label, text: text, correctedTo: page.corrections.first?.replacement,
                                        results: found, expanded: Percentiles(expanded), exact: Percentiles(exact)))
            log("word forms: \(label) '\(text)': p50 \(Report.ms(Percentiles(expanded).p50)) ms (exact \(Report.ms(Percentiles(exact).p50)) ms)")
        }
        return bench
    }

    private mutating func estimateColocatedStems(_ db: Connection) throws {
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.bench_terms USING fts5vocab(main, notes_fts, row)")
        let stems = Dictionary(try db.query("SELECT term, stem FROM vocabulary") { ($0.text(0) ?? "", $0.text(1) ?? "") },
                               uniquingKeysWith: { first, _ in first })
        let counts = try db.query("SELECT term, cnt FROM temp.bench_terms", []) { ($0.text(0) ?? "", $0.int(1)) }
        for (term, count) in counts {
            tokenOccurrences += count
            if let stem = stems[term], stem != term { stemmedOccurrences += count }
        }
    }

    /// Misspellings of indexed words that are in a few notes or more, and a plural: (label, query text).
    private static func probes(_ db: Connection) throws -> [(String, String)] {
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.bench_terms USING fts5vocab(main, notes_fts, row)")
        func word(length: Int) throws -> String? {
            try db.query("""
                SELECT v.term FROM vocabulary v JOIN temp.bench_terms t ON t.term = v.term
                WHERE length(v.term) = ?1 AND v.term = v.stem AND t.doc BETWEEN 20 AND 2000 ORDER BY v.term LIMIT 1
                """, [.integer(Int64(length))]) { $0.text(0) ?? "" }.first
        }
        var probes: [(String, String)] = []
        if let seven = try word(length: 7) {
            var letters = Array(seven)
            letters.remove(at: 3)
            probes.append(("typo, 1 edit (7 letters)", String(letters)))
        }
        if let ten = try word(length: 10) {
            var letters = Array(ten)
            letters.swapAt(2, 3)
            letters[7] = letters[7] == "q" ? "x" : "q"
            probes.append(("typo, 2 edits (10 letters)", String(letters)))
        }
        let plurals = try db.query("""
            SELECT v.term FROM vocabulary v JOIN temp.bench_terms t ON t.term = v.term
            WHERE v.term LIKE '%s' AND v.stem || 's' = v.term AND t.doc BETWEEN 200 AND 5000 ORDER BY v.term LIMIT 1
            """, []) { $0.text(0) ?? "" }
        if let plural = plurals.first { probes.append(("plural with word forms", plural)) }
        return probes
    }

    /// The section of the Markdown report.
    var markdown: String {
        var lines = ["## Word forms and typos (in-process, ranked top 20 with snippets)", "",
                     "| query | text | corrected to | results | p50 ms | p95 ms | exact p50 ms |", "|---|---|---|---:|---:|---:|---:|"]
        for timing in timings {
            lines.append("| \(timing.label) | `\(timing.text)` | \(timing.correctedTo ?? "–") | \(timing.results) | "
                         + "\(Report.ms(timing.expanded.p50)) | \(Report.ms(timing.expanded.p95)) | \(Report.ms(timing.exact.p50)) |")
        }
        let share = tokenOccurrences > 0 ? Double(stemmedOccurrences) / Double(tokenOccurrences) : 0
        lines += ["", String(format: "Filling the vocabulary from notes_fts: %.2f s. ", rebuildSeconds)
                  + "Index file after a checkpoint: \(Self.mb(fileBytes)). Vocabulary: \(vocabularyRows) words (\(Self.mb(vocabularyBytes))), deletion neighbourhood: "
                  + "\(spellingRows) keys (\(Self.mb(spellingBytes))). Colocated stem tokens would add a posting for "
                  + "\(stemmedOccurrences) of \(tokenOccurrences) token occurrences (\(String(format: "%.1f", share * 100)) %).", ""]
        return lines.joined(separator: "\n")
    }

    /// The same figures as JSON.
    var json: [String: Any] {
        ["rebuild_seconds": rebuildSeconds, "file_bytes_after_checkpoint": fileBytes, "vocabulary_rows": vocabularyRows, "spelling_rows": spellingRows, "vocabulary_bytes": vocabularyBytes ?? 0,
         "spelling_bytes": spellingBytes ?? 0, "token_occurrences": tokenOccurrences, "stemmed_occurrences": stemmedOccurrences,
         "queries": timings.map { timing -> [String: Any] in
             ["label": timing.label, "text": timing.text, "corrected_to": timing.correctedTo ?? "", "results": timing.results,
              "p50_ms": timing.expanded.p50, "p95_ms": timing.expanded.p95, "exact_p50_ms": timing.exact.p50]
         }]
    }

    private static func mb(_ bytes: Int?) -> String { bytes.map { String(format: "%.1f MB", Double($0) / 1e6) } ?? "size n/a" }
}
