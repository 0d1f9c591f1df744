import Foundation
import NotesFTS
import SQLiteKit

/// Builds a corpus in-process under named tuning variants (page size, cache, mmap, synchronous, temp_store,
/// batch size, triggers vs drop-load-rebuild, the read/write pipeline, FTS5 hashsize/automerge/optimize) and
/// reports, for each, the fresh-build time, the index size and query medians on the result.
enum Tuning {
    /// One variant: how it differs from the shipped defaults.
    struct Variant {
        var name: String
        var summary: String
        var pageSize: Int? = nil
        var configure: (inout Connection.Configuration) -> Void = { _ in }
        var afterOpen: [String] = []
        var indexer: (Indexer) -> Void = { _ in }
        var afterBuild: [String] = []
    }

    static var variants: [Variant] { [
        Variant(name: "default", summary: "as shipped (see Indexer and NoteIndex.defaultConfiguration)"),
        Variant(name: "rebuild-after-load", summary: "drop the triggers, load, one 'rebuild' at the end",
                indexer: { $0.bulkLoad.fullText = .rebuildAfterLoad }),
        Variant(name: "bulk-triggers", summary: "one bulk transaction with the triggers kept (no 'rebuild')",
                indexer: { $0.bulkLoad.fullText = .triggersDuringLoad }),
        Variant(name: "one-transaction", summary: "the first build in one transaction (no commits as it goes)",
                indexer: { $0.bulkLoad.commitInterval = nil }),
        Variant(name: "commit-10s", summary: "the first build commits every 10 s (default 2 s)",
                indexer: { $0.bulkLoad.commitInterval = 10 }),
        Variant(name: "commit-4s", summary: "the first build commits every 4 s (default 2 s)",
                indexer: { $0.bulkLoad.commitInterval = 4 }),
        Variant(name: "no-word-list", summary: "no word list (word forms, typos) filled after the load",
                indexer: { $0.bulkLoad.fillsWordList = false }),
        Variant(name: "no-topk-tables", summary: "no top-k side tables filled after the load",
                indexer: { $0.bulkLoad.fillsRankingTables = false }),
        Variant(name: "neither-table", summary: "neither the word list nor the top-k tables",
                indexer: { $0.bulkLoad.fillsWordList = false; $0.bulkLoad.fillsRankingTables = false }),
        Variant(name: "no-pipeline", summary: "parse a batch, then write it (no overlap)",
                indexer: { $0.overlapsReadingWithWriting = false }),
        Variant(name: "triggers", summary: "triggers on during the load, 512 files per transaction",
                indexer: { $0.bulkLoadWhenEmpty = false }),
        Variant(name: "triggers-batch-8192", summary: "triggers on, 8192 files per transaction",
                indexer: { $0.bulkLoadWhenEmpty = false; $0.batchSize = 8192 }),
        Variant(name: "batch-128", summary: "bulk load, 128 files per batch", indexer: { $0.batchSize = 128 }),
        Variant(name: "batch-256", summary: "bulk load, 256 files per batch", indexer: { $0.batchSize = 256 }),
        Variant(name: "batch-512", summary: "bulk load, 512 files per batch", indexer: { $0.batchSize = 512 }),
        Variant(name: "batch-4096", summary: "bulk load, 4096 files per batch", indexer: { $0.batchSize = 4096 }),
        Variant(name: "sync-off", summary: "synchronous=OFF", configure: { $0.synchronous = "OFF" }),
        Variant(name: "bulk-sync-off", summary: "synchronous=OFF during the bulk first build only",
                indexer: { $0.bulkLoad.synchronous = "OFF" }),
        Variant(name: "sync-full", summary: "synchronous=FULL", configure: { $0.synchronous = "FULL" }),
        Variant(name: "cache-2mb", summary: "cache_size SQLite default (2 MB)", configure: { $0.cacheSizeKiB = nil }),
        Variant(name: "cache-8mb", summary: "cache_size 8 MB", configure: { $0.cacheSizeKiB = 8 * 1024 }),
        Variant(name: "cache-128mb", summary: "cache_size 128 MB", configure: { $0.cacheSizeKiB = 128 * 1024 }),
        Variant(name: "mmap-0", summary: "mmap_size 0 (no memory map)", configure: { $0.mmapSize = nil }),
        Variant(name: "mmap-1gb", summary: "mmap_size 1 GB", configure: { $0.mmapSize = 1 << 30 }),
        Variant(name: "page-8k", summary: "page_size 8192", pageSize: 8192),
        Variant(name: "page-16k", summary: "page_size 16384", pageSize: 16384),
        Variant(name: "temp-memory", summary: "temp_store=MEMORY", afterOpen: ["PRAGMA temp_store=MEMORY"]),
        Variant(name: "hashsize-1mb", summary: "FTS5 hashsize 1 MB (FTS5's default)", indexer: { $0.bulkLoad.fullTextHashSize = nil }),
        Variant(name: "hashsize-2mb", summary: "FTS5 hashsize 2 MB", indexer: { $0.bulkLoad.fullTextHashSize = 2 << 20 }),
        Variant(name: "hashsize-4mb", summary: "FTS5 hashsize 4 MB", indexer: { $0.bulkLoad.fullTextHashSize = 4 << 20 }),
        Variant(name: "hashsize-8mb", summary: "FTS5 hashsize 8 MB", indexer: { $0.bulkLoad.fullTextHashSize = 8 << 20 }),
        Variant(name: "hashsize-16mb", summary: "FTS5 hashsize 16 MB", indexer: { $0.bulkLoad.fullTextHashSize = 16 << 20 }),
        Variant(name: "hashsize-32mb", summary: "FTS5 hashsize 32 MB", indexer: { $0.bulkLoad.fullTextHashSize = 32 << 20 }),
        Variant(name: "cache-64mb", summary: "cache_size 64 MB", configure: { $0.cacheSizeKiB = 64 * 1024 }),
        Variant(name: "automerge-0", summary: "FTS5 automerge 0 (never merge during the build)",
                afterOpen: ["INSERT INTO notes_fts(notes_fts, rank) VALUES ('automerge', 0)"]),
        Variant(name: "automerge-16", summary: "FTS5 automerge 16 (default 4)",
                afterOpen: ["INSERT INTO notes_fts(notes_fts, rank) VALUES ('automerge', 16)"]),
        Variant(name: "side-queue-16mb", summary: "the side writer's queue holds 16 MB of text (default 4 MB)",
                indexer: { $0.bulkLoad.sideQueueBytes = 16 << 20 }),
        Variant(name: "side-queue-1mb", summary: "the side writer's queue holds 1 MB of text (default 4 MB)",
                indexer: { $0.bulkLoad.sideQueueBytes = 1 << 20 }),
        Variant(name: "side-queue-32mb", summary: "the side writer's queue holds 32 MB of text (default 4 MB)",
                indexer: { $0.bulkLoad.sideQueueBytes = 32 << 20 }),
        Variant(name: "optimize", summary: "default, then FTS5 'optimize' (one segment)",
                afterBuild: ["INSERT INTO notes_fts(notes_fts) VALUES ('optimize')"]),
    ] }

    /// Runs the variants named in `only` (all when `nil`) and returns a Markdown table. The builds are
    /// interleaved (round 1 of every variant, then round 2, …) so a machine's load drifts over all alike.
    static func run(corpus: CorpusInfo, work: String, only: [String]?, repeats: Int, log: (String) -> Void) throws -> String {
        let chosen = only.map { names in variants.filter { names.contains($0.name) } } ?? variants
        if chosen.isEmpty && only?.contains("statement-reuse") != true { throw BenchError("no such --variants; known: \(variants.map(\.name).joined(separator: ", "))") }
        var rows = ["| variant | what | build s (median of \(repeats)) | CPU s (user + sys, median) | after-build s | index MB | common p50 ms | mid p50 ms | rare p50 ms |",
                    "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
        var buildTimes = Array(repeating: [Double](), count: chosen.count)
        var cpuTimes = Array(repeating: [Double](), count: chosen.count)
        var afterSeconds = Array(repeating: 0.0, count: chosen.count)
        for round in 1...max(1, repeats) {
            for (number, variant) in chosen.enumerated() {
                let cpuBefore = processorSeconds()
                let (seconds, after) = try build(variant, corpus: corpus, database: database(work, variant))
                let cpu = processorSeconds() - cpuBefore
                buildTimes[number].append(seconds)
                cpuTimes[number].append(cpu)
                afterSeconds[number] = after
                log("round \(round): \(variant.name) \(String(format: "%.2f", seconds)) s, CPU \(String(format: "%.2f", cpu)) s")
            }
        }
        var queries: [BenchQuery]?
        for (number, variant) in chosen.enumerated() {
            let file = database(work, variant)
            let bytes = BuildBenchmark.size(of: file)
            // Query medians on the fresh index, read-only as notes-find opens it, with the variant's settings.
            var configuration = NoteIndex.defaultConfiguration
            variant.configure(&configuration)
            let reader = try NoteIndex(path: file, mode: .readOnly, configuration: configuration)
            if queries == nil {
                queries = try QuerySelection.choose(reader.connection, noteCount: try reader.noteCount())
                    .filter { ["common (~30%)", "mid (~1%)", "rare"].contains($0.label) }
            }
            let medians = try (queries ?? []).map { try medianMilliseconds(reader, $0) }
            reader.close()
            let row = "| \(variant.name) | \(variant.summary) | \(String(format: "%.2f", Percentiles(buildTimes[number]).p50)) | \(String(format: "%.2f", Percentiles(cpuTimes[number]).p50)) | \(String(format: "%.2f", afterSeconds[number])) | \(String(format: "%.0f", Double(bytes) / 1e6)) | \(medians.joined(separator: " | ")) |"
            log(row)
            rows.append(row)
            BuildBenchmark.removeDatabase(file)
        }
        if only == nil || only?.contains("statement-reuse") == true {
            rows.append(try StatementReuse.measure(work: work, rows: corpus.files.count))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// User plus system CPU seconds this process has used so far, all threads (a build's CPU time is the
    /// difference around it: steadier than wall time on a shared machine).
    private static func processorSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func database(_ work: String, _ variant: Variant) -> String { work + "/tune-\(variant.name).sqlite" }

    /// One fresh in-process build of `corpus` into `database` under `variant`: its seconds, and those of the
    /// variant's after-build statements.
    private static func build(_ variant: Variant, corpus: CorpusInfo, database: String) throws -> (Double, Double) {
        var configuration = NoteIndex.defaultConfiguration
        variant.configure(&configuration)
        BuildBenchmark.removeDatabase(database)
        if let pageSize = variant.pageSize {
            // page_size must be set before the first page is written (and before WAL): use a raw handle.
            let shell = try ChildProcess.run("/usr/bin/sqlite3", [database, "PRAGMA page_size=\(pageSize); VACUUM;"])
            guard shell.status == 0 else { throw BenchError("could not create \(database) with page_size \(pageSize)") }
        }
        let index = try NoteIndex(path: database, configuration: configuration)
        defer { index.close() }
        for sql in variant.afterOpen { try index.connection.execute(sql) }
        let indexer = Indexer(index: index)
        variant.indexer(indexer)
        BuildBenchmark.settle()
        let started = Clock.now()
        _ = try indexer.run(paths: [corpus.root])
        let seconds = Clock.seconds(since: started)
        let afterStarted = Clock.now()
        for sql in variant.afterBuild { try index.connection.execute(sql) }
        return (seconds, Clock.seconds(since: afterStarted))
    }

    /// The median time of the ranked top 20 for `query` on `reader` (2 warm-up runs, 15 timed), formatted.
    private static func medianMilliseconds(_ reader: NoteIndex, _ query: BenchQuery) throws -> String {
        for _ in 0..<2 { _ = try reader.search(query.text, options: SearchOptions(limit: 20)) }
        var samples: [Double] = []
        for _ in 0..<15 {
            let start = Clock.now()
            _ = try reader.search(query.text, options: SearchOptions(limit: 20))
            samples.append(Clock.seconds(since: start) * 1000)
        }
        return Report.ms(Percentiles(samples).p50)
    }
}
