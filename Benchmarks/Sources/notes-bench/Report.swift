import Foundation

/// Everything one `notes-bench` run measured, rendered as a Markdown report and as JSON.
struct Report {
    /// SQLite library version used by the index.
    var sqliteVersion = ""
    /// Cores online.
    var cores = 0
    /// Corpus folder, note files and bytes.
    var corpusPath = ""
    var corpusFiles = 0
    var corpusBytes = 0
    /// Notes in the index after the build.
    var notes = 0
    /// Build runs: fresh, no-op, 1% changed; then the baseline.
    var builds: [BuildBenchmark.Run] = []
    var baseline: BuildBenchmark.Run?
    /// The sqlite3 shell filling the same tables with plain `unicode61` (no extension), then `'rebuild'`.
    var plainBaseline: BuildBenchmark.Run?
    /// `--build-rounds`: the fresh build and both baselines run in turn, when more than one round was asked.
    var buildRounds: BuildRounds?
    /// Files changed for the 1% run.
    var changedFiles = 0
    /// Query timings and recall.
    var queries: [QueryBenchmark.Timing] = []
    var recall: [RecallAudit.Result] = []
    /// Whole-process `notes-find` timings (ms): label → percentiles and the command line.
    var processes: [(label: String, command: String, timing: Percentiles)] = []
    /// `--compare-tokenizers`: the CJK tokenizer against plain `unicode61`.
    var tokenizers: TokenizerComparison?
    /// Word forms and typo tolerance (in-process timings, vocabulary size, colocated-stem estimate).
    var wordForms: WordFormsBenchmark?

    /// Formats milliseconds for a table.
    static func ms(_ value: Double) -> String {
        value < 1 ? String(format: "%.3f", value) : value < 100 ? String(format: "%.2f", value) : String(format: "%.0f", value)
    }

    private var megabytes: Double { Double(corpusBytes) / 1e6 }

    /// Ours (fresh build wall time) over the sqlite3-shell baseline's.
    var buildRatio: Double? {
        guard let fresh = builds.first(where: { $0.label == "fresh build" }), let baseline else { return nil }
        return fresh.measurement.seconds / baseline.measurement.seconds
    }

    /// The report as Markdown.
    var markdown: String {
        var lines: [String] = []
        lines.append("## notes-bench: \(notes) notes, \(String(format: "%.1f", megabytes)) MB of text, SQLite \(sqliteVersion), \(cores) cores")
        lines.append("")
        lines.append("Corpus: `\(corpusPath)` (\(corpusFiles) files). Times are wall-clock medians of one run unless marked.")
        if !builds.isEmpty {
            lines.append("")
            lines.append("### Build (whole `notes-index` processes)")
            lines.append("")
            lines.append("| run | wall s | notes/s | MB/s | peak RSS MB | index MB | index / corpus |")
            lines.append("|---|---:|---:|---:|---:|---:|---:|")
            for run in builds + [baseline, plainBaseline].compactMap({ $0 }) {
                let seconds = run.measurement.seconds
                let label = run.label == "1% of files changed" ? "1% of files changed (\(changedFiles))" : run.label
                lines.append(String(format: "| %@ | %.2f | %.0f | %.1f | %.0f | %.0f | %.2f |", label, seconds,
                                    Double(notes) / seconds, megabytes / seconds, Double(run.measurement.peakRSSBytes) / 1e6,
                                    Double(run.indexBytes) / 1e6, Double(run.indexBytes) / Double(max(corpusBytes, 1))))
            }
            if let ratio = buildRatio {
                lines.append("")
                lines.append(String(format: "**Fresh build / sqlite3-shell baseline: %.2f×** (same files, same schema, same run).", ratio))
            }
            if let fresh = builds.first(where: { $0.label == "fresh build" }), let plainBaseline {
                lines.append("")
                lines.append(String(format: "**Fresh build / sqlite3 shell with plain unicode61: %.2f×** (same run).",
                                    fresh.measurement.seconds / plainBaseline.measurement.seconds))
            }
            if let buildRounds { lines += buildRounds.markdown }
        }
        if !queries.isEmpty {
            lines.append("")
            lines.append("### Queries (one process, interleaved, \(queries[0].ours.count) timed runs each after warm-up; ms)")
            lines.append("")
            lines.append("| query | text | ours top-20 p50 / p95 / p99 | LIKE article p50 / p95 / p99 | LIKE LIMIT 20 p50 / p95 / p99 | LIKE / ours (p50) |")
            lines.append("|---|---|---:|---:|---:|---:|")
            for timing in queries {
                func cell(_ p: Percentiles) -> String { "\(Self.ms(p.p50)) / \(Self.ms(p.p95)) / \(Self.ms(p.p99))" }
                lines.append("| \(timing.query.label) | `\(timing.query.text)` | \(cell(timing.ours)) | \(cell(timing.article)) | \(cell(timing.unordered)) | \(String(format: timing.ratio < 10 ? "%.2f×" : "%.0f×", timing.ratio)) |")
            }
        }
        if !recall.isEmpty {
            lines.append("")
            lines.append("### Recall audit (notes found; reasons classified on up to \(RecallAudit.sampleSize) examples per bucket)")
            lines.append("")
            lines.append("| query | LIKE finds | we find | LIKE only | we only | why LIKE only | why we only |")
            lines.append("|---|---:|---:|---:|---:|---|---|")
            for result in recall {
                func reasons(_ counts: [String: Int]) -> String {
                    counts.isEmpty ? "–" : counts.sorted { $0.value > $1.value }.map { "\($0.key) (\($0.value))" }.joined(separator: "; ")
                }
                lines.append("| \(result.query.label) | \(result.likeCount) | \(result.ourCount) | \(result.likeOnly) | \(result.oursOnly) | \(reasons(result.likeOnlyReasons)) | \(reasons(result.oursOnlyReasons)) |")
            }
        }
        if !processes.isEmpty {
            lines.append("")
            lines.append("### Whole processes (ms, after 2 warm-up runs)")
            lines.append("")
            lines.append("| what | command | p50 | p95 | runs |")
            lines.append("|---|---|---:|---:|---:|")
            for process in processes {
                lines.append("| \(process.label) | `\(process.command)` | \(Self.ms(process.timing.p50)) | \(Self.ms(process.timing.p95)) | \(process.timing.count) |")
            }
        }
        if let tokenizers { lines += tokenizers.markdown(notes: notes, corpusBytes: corpusBytes) }
        if let wordForms { lines.append(wordForms.markdown) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same figures as a JSON object (times in seconds for builds, milliseconds for queries).
    var json: [String: Any] {
        var object: [String: Any] = [
            "sqlite_version": sqliteVersion, "cores": cores, "corpus": corpusPath, "corpus_files": corpusFiles,
            "corpus_bytes": corpusBytes, "notes": notes,
        ]
        func build(_ run: BuildBenchmark.Run) -> [String: Any] {
            ["label": run.label, "wall_seconds": run.measurement.seconds, "peak_rss_bytes": run.measurement.peakRSSBytes,
             "index_bytes": run.indexBytes, "notes_per_second": Double(notes) / run.measurement.seconds,
             "megabytes_per_second": megabytes / run.measurement.seconds,
             "index_over_corpus": Double(run.indexBytes) / Double(max(corpusBytes, 1))]
        }
        object["builds"] = builds.map(build)
        if let baseline { object["baseline"] = build(baseline) }
        if let plainBaseline { object["baseline_unicode61"] = build(plainBaseline) }
        if let buildRatio { object["build_ratio_ours_over_baseline"] = buildRatio }
        object["changed_files"] = changedFiles
        object["queries"] = queries.map { timing -> [String: Any] in
            var entry: [String: Any] = ["label": timing.query.label, "text": timing.query.text,
                                        "like_patterns": timing.query.likePatterns,
                                        "ours_ms": timing.ours.json, "like_article_ms": timing.article.json,
                                        "like_limit20_ms": timing.unordered.json, "like_over_ours_p50": timing.ratio,
                                        "our_results": timing.ourResults]
            if let df = timing.query.documentFrequency { entry["document_frequency"] = df }
            return entry
        }
        object["recall"] = recall.map {
            ["label": $0.query.label, "like": $0.likeCount, "ours": $0.ourCount, "like_only": $0.likeOnly,
             "ours_only": $0.oursOnly, "like_only_reasons": $0.likeOnlyReasons, "ours_only_reasons": $0.oursOnlyReasons]
        }
        if let tokenizers { object["tokenizers"] = tokenizers.json(notes: notes) }
        if let wordForms { object["word_forms"] = wordForms.json }
        if let buildRounds { object["build_rounds"] = buildRounds.json }
        object["processes"] = processes.map { ["label": $0.label, "command": $0.command, "ms": $0.timing.json] }
        return object
    }
}
