import Foundation
import NotesFTS
import SQLiteKit

/// `--topk`: the top-k path against full FTS5 scoring and the article's LIKE, in one process, interleaved
/// (ranked top 20 with snippets, p50), on an index `notes-index` built; and `--verify-topk N`: N seeded queries
/// each run both ways, counting mismatches (scores beyond 1e-9 relative, or ids beyond ties).
struct TopKBenchmark {
    /// The figures of one query, in milliseconds.
    struct Timing {
        var label: String
        var text: String
        var matches: Int
        var path: String
        var ours: Percentiles
        var full: Percentiles
        var like: Percentiles
    }

    /// What `--verify-topk` found.
    struct Verification {
        var queries = 0
        var fastPath = 0
        /// Of those, the AND/OR of several words answered from the posting lists.
        var combined = 0
        /// Of those, the ones the upper tiers proved (the others from the complete lists).
        var upperTiers = 0
        /// Prefixes ranked from their own impact heads (``PrefixHead``).
        var prefixHeads = 0
        /// Phrases ranked from their own impact heads (``PhraseHead``).
        var phraseHeads = 0
        var mismatches: [String] = []
    }

    let index: NoteIndex
    var runs = 20

    /// common (≥ 30%), two common words, a common phrase (the common word and the word that most often follows
    /// it), a rarer phrase (the word that follows it first), a common prefix, OR of two common words, mid (~1%).
    func queries() throws -> [BenchQuery] {
        let db = index.connection
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.topk_vocab USING fts5vocab(main, notes_fts, row)")
        let notes = try index.noteCount()
        let words = try db.query("SELECT term, doc FROM temp.topk_vocab WHERE length(term) >= 4 AND term GLOB '[a-z]*' "
                                 + "AND term NOT GLOB '*[^a-z]*' ORDER BY doc DESC LIMIT 400") { ($0.text(0) ?? "", $0.int(1)) }
        let common = words.filter { Double($0.1) >= 0.3 * Double(notes) }.suffix(3).map(\.0)
        guard common.count >= 2, let mid = words.min(by: { abs($0.1 - notes / 100) < abs($1.1 - notes / 100) })?.0 else {
            throw BenchError("the index has fewer than two words in 30% of its notes")
        }
        let first = common[common.count - 1], second = common[common.count - 2]
        let (most, firstFound) = try followingWords(first)
        var or = BenchQuery(label: "OR (≥ 30% each)", text: "\(first) OR \(second)", likePatterns: ["%\(first)%", "%\(second)%"])
        or.matchesAnyPattern = true
        return [
            BenchQuery(label: "word (≥ 30%)", text: first, likePatterns: ["%\(first)%"]),
            BenchQuery(label: "two words (≥ 30% each)", text: "\(first) \(second)", likePatterns: ["%\(first)%", "%\(second)%"]),
            BenchQuery(label: "common phrase", text: "\"\(first) \(most)\"", likePatterns: ["%\(first) \(most)%"]),
            BenchQuery(label: "rarer phrase", text: "\"\(first) \(firstFound)\"", likePatterns: ["%\(first) \(firstFound)%"]),
            BenchQuery(label: "common prefix", text: "\(first.prefix(4))*", likePatterns: ["%\(first.prefix(4))%"]),
            or,
            BenchQuery(label: "mid (~1%)", text: mid, likePatterns: ["%\(mid)%"]),
        ]
    }

    /// Among the notes of a sample holding `word`, the word that most often follows it (ties: the first in
    /// alphabetical order), and the one that follows it first (in the first note, a phrase of few notes in
    /// generated text). Until 3 Dec, twenty-fifth session, the "common phrase" was the second: `"read itparox"`,
    /// in 22 of 100,000 notes.
    private func followingWords(_ word: String) throws -> (most: String, first: String) {
        let bodies = try index.connection.query(
            "SELECT body FROM notes WHERE id IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?1 LIMIT 50)",
            [.text("body:\(word)")]) { $0.text(0) ?? "" }
        var first: String?
        var counts: [String: Int] = [:]
        for body in bodies {
            // Letters and digits, as the tokenizer cuts words: `read 2 the` holds no `read the`.
            let parts = body.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            for position in parts.indices.dropLast() where parts[position] == word {
                let next = String(parts[position + 1])
                if first == nil { first = next }
                counts[next, default: 0] += 1
            }
        }
        guard let first, let most = counts.min(by: { ($1.value, $0.key) < ($0.value, $1.key) })?.key else {
            throw BenchError("no note has a word after \(word)")
        }
        return (most, first)
    }

    /// Times each query three ways, interleaved, after two warm-up rounds.
    func run(_ queries: [BenchQuery], progress: (String) -> Void) throws -> [Timing] {
        try queries.map { query in
            let parsed = QueryParser.parse(query.text)
            var full = SearchOptions(limit: 20)
            full.allowsTopK = false
            let parameters = query.likePatterns.map { SQLiteValue.text($0) }
            let forms: [() throws -> Void] = [
                { _ = try index.search(parsed, options: SearchOptions(limit: 20)) },
                { _ = try index.search(parsed, options: full) },
                { _ = try index.connection.query(query.articleSQL, parameters) { $0.int64(0) } },
            ]
            var samples: [[Double]] = [[], [], []]
            for _ in 0..<2 { for form in forms { try form() } }
            for round in 0..<runs {
                for step in 0..<forms.count {
                    let which = (round + step) % forms.count
                    let started = Clock.now()
                    try forms[which]()
                    samples[which].append(Clock.seconds(since: started) * 1000)
                }
            }
            let timing = Timing(label: query.label, text: query.text, matches: try index.count(parsed),
                                path: try index.rankingPath(parsed), ours: Percentiles(samples[0]),
                                full: Percentiles(samples[1]), like: Percentiles(samples[2]))
            progress("\(query.label) \(query.text): ours \(Report.ms(timing.ours.p50)) ms, full \(Report.ms(timing.full.p50)) ms")
            return timing
        }
    }

    /// `--topk-profile`: only the top-k path, `runs` times per query with nothing interleaved, so that a profiler
    /// sees nothing else; one line per query with its p50. With `--topk-ab`, every other run is made the other
    /// way (``ABOption``), and the line gives both p50s: the two ways under the same noise, for a gain smaller
    /// than the machine's drift from one process to the next.
    func profile(_ queries: [BenchQuery], ab: ABOption? = nil) throws -> String {
        try queries.map { query in
            let parsed = QueryParser.parse(query.text)
            var samples: [[Double]] = [[], []]
            for run in 0..<runs {
                var options = SearchOptions(limit: 20)
                let other = ab != nil && run % 2 == 1
                if other { ab?.apply(&options) }
                let started = Clock.now()
                _ = try index.search(parsed, options: options)
                samples[other ? 1 : 0].append(Clock.seconds(since: started) * 1000)
            }
            let ours = Report.ms(Percentiles(samples[0]).p50)
            guard let ab else { return "\(query.label) \(query.text): ours p50 \(ours) ms over \(runs) runs\n" }
            return "\(query.label) \(query.text): ours p50 \(ours) ms, \(ab.rawValue) \(ab.description) p50 "
                + "\(Report.ms(Percentiles(samples[1]).p50)) ms, alternated over \(runs) runs\n"
        }.joined()
    }

    /// What `--topk-ab` changes in every other run of `--topk-profile`.
    enum ABOption: String, CaseIterable {
        /// A prefix's one tracked expansion decoded on the second connection whatever its size
        /// (``SearchOptions/decodesTrackedFrom``), where by default only one in 50,000 notes or more is.
        case decode

        /// How the report names the other way.
        var description: String {
            switch self {
            case .decode: "decoded whatever its size"
            }
        }

        func apply(_ options: inout SearchOptions) {
            switch self {
            case .decode: options.decodesTrackedFrom = 0
            }
        }
    }

    /// Runs `count` seeded queries both ways and compares them.
    func verify(count: Int, seed: UInt64) throws -> Verification {
        let db = index.connection
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.topk_vocab USING fts5vocab(main, notes_fts, row)")
        let tracked = try db.query("SELECT term FROM topk_terms ORDER BY term") { $0.text(0) ?? "" }
        let others = try db.query("SELECT term FROM temp.topk_vocab WHERE doc BETWEEN 20 AND 5000 AND term GLOB '[a-z]*' "
                                  + "ORDER BY doc DESC LIMIT 300") { $0.text(0) ?? "" }
        guard !tracked.isEmpty else { throw BenchError("the index tracks no word (is it built by this notes-index?)") }
        let phrases = try db.query("SELECT term FROM topk_phrases ORDER BY term") { $0.text(0) ?? "" }
        var random = SeededRandom(seed: seed)
        func word() -> String {
            let pool = random.below(10) < 7 || others.isEmpty ? tracked : others
            return pool[random.below(pool.count)]
        }
        var result = Verification()
        for _ in 0..<count {
            var text = word()
            switch random.below(20) {
            case 0: text += " -\(word())"
            case 1: text += " path:\(["work", "journal", "2021", "/"][random.below(4)])"
            case 2: text += " modified:>=\(["2019", "2022-06", "2024-01-01"][random.below(3)])"
            case 3, 6, 7: text += " \(word())"
            case 4, 8, 9: text += " OR \(word())"
            // Two words, or (one in two) a phrase kept as one word, alone or with an exclusion or a filter.
            case 5 where !phrases.isEmpty && random.below(2) == 0:
                text = "\"\(phrases[random.below(phrases.count)])\"" + ["", "", " -\(word())", " path:work"][random.below(4)]
            case 5: text = "\"\(text) \(word())\""
            case 10: text += " \(word()) \(word())"
            case 11: text += " (\(word()) OR \(word()))"
            case 12: text += " \(word()) -\(word())"
            case 13: text = "(\(text) OR \(word())) path:\(["work", "journal", "2021", "/"][random.below(4)])"
            // A word cut short, or (one in three) whole: a tracked word as a prefix takes its own head.
            case 14, 15: text = random.below(3) == 0 ? text + "*" : String(text.prefix(max(3, text.count - 1 - random.below(3)))) + "*"
            default: break
            }
            let query = QueryParser.parse(text)
            let options = SearchOptions(limit: [1, 5, 10, 20, 20, 20][random.below(6)], offset: random.below(5) == 0 ? 5 : 0)
            var full = options
            full.allowsTopK = false
            let actual = try index.search(query, options: options), expected = try index.search(query, options: full)
            result.queries += 1
            let path = try index.rankingPath(query, options: options)
            if path.hasPrefix("top-k") { result.fastPath += 1 }
            if path.hasPrefix("top-k: exact over") && text.split(separator: " ").count > 1 { result.combined += 1 }
            if path.hasPrefix("top-k: exact over the upper tiers") { result.upperTiers += 1 }
            if path.hasPrefix("top-k") && path.contains("(the prefix's, stored)") { result.prefixHeads += 1 }
            if path.hasPrefix("top-k") && path.contains("the impact head of the phrase") { result.phraseHeads += 1 }
            if !TopKAgreement.agrees(actual, expected) { result.mismatches.append(text) }
        }
        return result
    }

    /// Opens `database` read-only, times the queries, verifies `verify` seeded queries when asked, and returns the
    /// Markdown report (also written as JSON to `json`).
    static func report(database: String, runs: Int, verify: Int?, seed: UInt64, only: String? = nil, profile: Bool = false,
                       ab: ABOption? = nil, custom: [String] = [], json: String?,
                       log: (String) -> Void) throws -> String {
        let index = try NoteIndex(path: database, mode: .readOnly)
        defer { index.close() }
        let bench = TopKBenchmark(index: index, runs: runs)
        let chosen = custom.isEmpty ? try bench.queries()
            : custom.map { BenchQuery(label: "given", text: $0, likePatterns: []) }
        let queries = chosen.filter { query in only.map { query.label.contains($0) } ?? true }
        guard !queries.isEmpty else { throw BenchError("--topk-only \(only ?? ""): no query label contains it") }
        if profile { return try bench.profile(queries, ab: ab) }
        log("timing \(queries.count) queries three ways, \(runs) runs each…")
        let timings = try bench.run(queries, progress: log)
        var verification: Verification?
        if let verify {
            log("verifying \(verify) seeded queries against full scoring…")
            verification = try bench.verify(count: verify, seed: seed)
        }
        let notes = try index.noteCount()
        if let json {
            let object: [String: Any] = [
                "notes": notes, "sqlite": Connection.sqliteVersion,
                "queries": timings.map { ["label": $0.label, "text": $0.text, "matches": $0.matches, "path": $0.path,
                                          "ours_ms": $0.ours.json, "full_ms": $0.full.json, "like_ms": $0.like.json] },
                "verify": verification.map { ["queries": $0.queries, "fast_path": $0.fastPath, "combined": $0.combined, "upper_tiers": $0.upperTiers, "prefix_heads": $0.prefixHeads,
                                         "phrase_heads": $0.phraseHeads, "mismatches": $0.mismatches] } ?? [:],
            ]
            try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: json))
        }
        return markdown(timings, verification, notes: notes)
    }

    /// The Markdown report.
    static func markdown(_ timings: [Timing], _ verification: Verification?, notes: Int) -> String {
        var lines = ["### Top-k path (\(notes) notes; ranked top 20 with snippets, in-process, interleaved; p50 ms)", "",
                     "| query | matches | ours | full scoring | LIKE (article) | full / ours | LIKE / ours | path |",
                     "|---|---:|---:|---:|---:|---:|---:|---|"]
        for t in timings {
            let ratio = { (value: Double) in String(format: "%.1f", value / max(t.ours.p50, 1e-6)) }
            lines.append("| \(t.label): `\(t.text)` | \(t.matches) | \(Report.ms(t.ours.p50)) | \(Report.ms(t.full.p50)) | "
                         + "\(Report.ms(t.like.p50)) | \(ratio(t.full.p50)) | \(ratio(t.like.p50)) | \(t.path) |")
        }
        if let verification {
            lines += ["", "--verify-topk: \(verification.queries) queries, \(verification.fastPath) on the top-k path "
                      + "(\(verification.combined) of them AND/OR of several words, from the posting lists; "
                      + "\(verification.upperTiers) answered from the upper tiers; \(verification.prefixHeads) prefixes "
                      + "from their own heads; \(verification.phraseHeads) phrases from their own heads), "
                      + "\(verification.mismatches.count) mismatches against full scoring"]
            lines += verification.mismatches.prefix(20).map { "- mismatch: `\($0)`" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
