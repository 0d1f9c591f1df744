import Foundation
import NotesCLI
import NotesFTS
import SQLiteKit

// notes-bench: measures the index against the LIKE scan it replaces, and the build against the sqlite3 shell.
// A report, never a test: it prints a Markdown table and writes the same figures as JSON.

ChildProcess.trampolineIfAsked(CommandLine.arguments)
let program = "notes-bench"
let parser = ArgumentParser(options: [
    OptionSpec(["--generate"], value: "N", help: "generate a deterministic corpus of N notes into --out, then benchmark it"),
    OptionSpec(["--out"], value: "DIR", help: "where --generate writes the corpus (reused when it already holds it)"),
    OptionSpec(["--seed"], value: "N", help: "seed of the generated corpus (default 20240601)"),
    OptionSpec(["--generate-only"], help: "stop after generating the corpus"),
    OptionSpec(["--corpus"], value: "DIR", help: "benchmark an existing folder of notes instead"),
    OptionSpec(["--work"], value: "DIR", help: "folder for the index files (default: $TMPDIR/notes-bench)"),
    OptionSpec(["--json"], value: "FILE", help: "also write the figures as JSON to FILE"),
    OptionSpec(["--runs"], value: "N", help: "timed runs per query form and per process (default 20)"),
    OptionSpec(["--skip-build"], help: "reuse the index in --work instead of building (queries only)"),
    OptionSpec(["--skip-baseline"], help: "do not run the sqlite3-shell baseline build"),
    OptionSpec(["--skip-queries"], help: "measure builds only"),
    OptionSpec(["--compare-tokenizers"], help: "also build with `notes-index --tokenizer unicode61` and compare (see tokenizers above)"),
    OptionSpec(["--sqlite3"], value: "PATH", help: "the sqlite3 shell for the baseline (default /usr/bin/sqlite3)"),
    OptionSpec(["--tune"], help: "instead of the report, build the corpus in-process under each tuning variant"),
    OptionSpec(["--variants"], value: "LIST", help: "with --tune, comma-separated variant names (default: all)"),
    OptionSpec(["--build-rounds"], value: "N", help: "run the fresh build and both shell baselines N times in turn; report each round's ratios and their medians (default 1)"),
    OptionSpec(["--repeat"], value: "N", help: "with --tune, builds per variant; the median is reported (default 3)"),
    OptionSpec(["--word-forms-only"], help: "measure only word forms and typos on the index in --work (built before)"),
    OptionSpec(["--relevance"], help: "instead of the report, rank the judged query set over --corpus (default corpus/)"),
    OptionSpec(["--queries"], value: "FILE", help: "with --relevance, the judged set (default Benchmarks/relevance/corpus-queries.tsv)"),
    OptionSpec(["--topk"], help: "instead of the report, time the top-k path against full scoring on the index in --work (built by notes-index)"),
    OptionSpec(["--verify-topk"], value: "N", help: "with --topk, also run N seeded queries both ways and count mismatches"),
    OptionSpec(["--topk-only"], value: "TEXT", help: "with --topk, time only the queries whose label contains TEXT (e.g. phrase)"),
    OptionSpec(["--topk-profile"], help: "with --topk, run only the top-k path, --runs times per query (to run under perf), and print its p50"),
    OptionSpec(["--topk-query"], value: "TEXT", help: "with --topk-profile, time TEXT (notes-find syntax; repeatable) instead of the generated queries"),
    OptionSpec(["--topk-ab"], value: "WHAT", help: "with --topk-profile, make every other run another way and print both p50s (decode: a prefix's tracked expansion decoded on the second connection whatever its size)"),
    OptionSpec(["-h", "--help"], help: "show this help"),
])

let help = """
    notes-bench: measure the notes-fts index against LIKE, and its build against SQLite alone

    Usage: swift run -c release notes-bench --generate N --out DIR [options]
           swift run -c release notes-bench --corpus DIR [options]

    What it measures (all figures from one run, so ratios compare like with like on a noisy machine):
      build     a fresh `notes-index` build (wall time, notes/s, MB/s, peak RSS of the child process,
                index size over corpus size), a no-op re-run, and a re-run after 1% of files changed
                (the files are restored afterwards);
      baseline  the same schema filled by the sqlite3 shell itself in one transaction (fsdir/readfile,
                then one FTS5 'rebuild'), with the same tokenizer (notes_cjk_v1, loaded into the shell
                from libNotesFTSExtension next to notes-index), and the ratio ours / baseline;
      queries   words chosen by document frequency (common ~30%, mid ~1%, rare, two-word AND, phrase,
                prefix, no match, an accented word, Korean), each timed interleaved after warm-up:
                our ranked top 20 with snippets, the article's
                `title LIKE ?1 OR body LIKE ?1 ORDER BY modified DESC LIMIT 50`, and an unordered
                `LIKE … LIMIT 20`; p50/p95/p99 and LIKE / ours;
      word forms misspelt words (1 edit in 7 letters, 2 in 10) and a plural, in-process with word forms
                and typo correction against the same search with `exact`; vocabulary size; the postings
                colocated stem tokens would add (the design not taken);
      recall    per query, notes LIKE finds, notes we find, and why each finds what the other misses;
      processes `notes-find` as a whole process: a rare word, and `--sort modified` vs ranked;
      relevance with --relevance, ranking quality on a judged query set over corpus/: success@1, success@3
                and MRR (each query names the note a person wants first; Benchmarks/relevance/);
      tokenizers with --compare-tokenizers, the index's CJK tokenizer against plain unicode61 on the same
                corpus: fresh build time, peak RSS, index size, ranked top-20 p50 per query and the notes
                each finds against LIKE (the Korean query shows what the tokenizer is for).

    It runs the built notes-index and notes-find next to it: build them first with
    `swift build -c release`. Generated corpora are deterministic (same N and seed, same bytes).

    Options:
    \(parser.helpLines().joined(separator: "\n"))

    Examples:
      swift build -c release
      swift run -c release notes-bench --generate 2000 --out /tmp/corpus-2k          quick check (< 1 min)
      swift run -c release notes-bench --generate 100000 --out /tmp/corpus-100k --compare-tokenizers --json bench.json
      swift run -c release notes-bench --corpus ~/notes --skip-baseline
      swift run -c release notes-bench --corpus /tmp/corpus-20k --tune               tuning variants
      swift run -c release notes-bench --relevance                                   judged query set
    """

/// Prints `notes-bench: message` on stderr and exits 2.
func fail(_ message: String) -> Never {
    CommandLineTool.printError(program, message)
    exit(2)
}

func log(_ message: String) { FileHandle.standardError.write(Data("\(program): \(message)\n".utf8)) }

let arguments: ParsedArguments
do {
    arguments = try parser.parse(Array(CommandLine.arguments.dropFirst()))
} catch let error as UsageError {
    fail(error.message)
}
if arguments.flag("--help") {
    print(help)
    exit(0)
}

do {
    let runs = try CommandLineTool.integer(arguments.value("--runs"), option: "--runs", minimum: 1) ?? 20
    let seed = UInt64(try CommandLineTool.integer(arguments.value("--seed"), option: "--seed") ?? 20_240_601)
    if arguments.flag("--relevance") {
        let work = PathNormalization.absolute(arguments.value("--work") ?? NSTemporaryDirectory() + "notes-bench")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let judgements = try Relevance.judgements(
            file: arguments.value("--queries") ?? "Benchmarks/relevance/corpus-queries.tsv")
        let relevance = try Relevance.measure(
            corpus: PathNormalization.absolute(arguments.value("--corpus") ?? "corpus"), database: work + "/relevance.sqlite",
            judgements: judgements) { index, query in
            try index.search(query, options: SearchOptions(limit: Relevance.depth))
        }
        print(relevance.markdown, terminator: "")
        if let path = arguments.value("--json") {
            try JSONSerialization.data(withJSONObject: relevance.json, options: [.prettyPrinted, .sortedKeys])
                .write(to: URL(fileURLWithPath: path))
        }
        exit(0)
    }
    let corpusRoot: String
    if arguments.flag("--topk") {
        let work = PathNormalization.absolute(arguments.value("--work") ?? NSTemporaryDirectory() + "notes-bench")
        let verifications = try CommandLineTool.integer(arguments.value("--verify-topk"), option: "--verify-topk", minimum: 1)
        let ab = try arguments.value("--topk-ab").map { value in
            guard let option = TopKBenchmark.ABOption(rawValue: value) else {
                throw UsageError("--topk-ab \(value): expected one of \(TopKBenchmark.ABOption.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard arguments.flag("--topk-profile") else { throw UsageError("--topk-ab needs --topk-profile") }
            return option
        }
        let custom = arguments.values("--topk-query")
        if !custom.isEmpty && !arguments.flag("--topk-profile") { throw UsageError("--topk-query needs --topk-profile") }
        print(try TopKBenchmark.report(database: work + "/index.sqlite", runs: runs, verify: verifications, seed: seed,
                                       only: arguments.value("--topk-only"), profile: arguments.flag("--topk-profile"),
                                       ab: ab, custom: custom, json: arguments.value("--json"), log: log), terminator: "")
        exit(0)
    }
    if let count = try CommandLineTool.integer(arguments.value("--generate"), option: "--generate", minimum: 1) {
        guard let out = arguments.value("--out") else {
            throw UsageError("--generate needs --out DIR, the folder to write the corpus to")
        }
        corpusRoot = PathNormalization.absolute(out)
        try CorpusInfo.generate(count: count, seed: seed, root: corpusRoot, log: log)
        if arguments.flag("--generate-only") { exit(0) }
    } else if let corpus = arguments.value("--corpus") {
        corpusRoot = PathNormalization.absolute(corpus)
    } else {
        throw UsageError("give --generate N --out DIR or --corpus DIR (see --help)")
    }
    let work = PathNormalization.absolute(arguments.value("--work") ?? NSTemporaryDirectory() + "notes-bench")
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    let corpus = try CorpusInfo(root: corpusRoot)

    if arguments.flag("--tune") {
        let names = arguments.value("--variants")?.split(separator: ",").map(String.init)
        let repeats = try CommandLineTool.integer(arguments.value("--repeat"), option: "--repeat", minimum: 1) ?? 3
        print(try Tuning.run(corpus: corpus, work: work, only: names, repeats: repeats, log: log))
        exit(0)
    }

    let database = work + "/index.sqlite"
    let unicode61Database = work + "/index-unicode61.sqlite"
    let compareTokenizers = arguments.flag("--compare-tokenizers")
    var report = Report()
    report.sqliteVersion = Connection.sqliteVersion
    report.cores = ProcessInfo.processInfo.activeProcessorCount
    report.corpusPath = corpusRoot
    report.corpusFiles = corpus.files.count
    report.corpusBytes = corpus.bytes

    if !arguments.flag("--skip-build") {
        let builder = BuildBenchmark(corpus: corpusRoot, database: database, notesIndex: ChildProcess.sibling("notes-index"))
        guard FileManager.default.isExecutableFile(atPath: builder.notesIndex) else {
            throw BenchError("\(builder.notesIndex) not found; run `swift build -c release` first")
        }
        log("reading the corpus once (untimed), so that every build reads it from the page cache…")
        BuildBenchmark.warm(corpus.files)
        let rounds = arguments.flag("--skip-baseline") ? 1
            : try CommandLineTool.integer(arguments.value("--build-rounds"), option: "--build-rounds", minimum: 1) ?? 1
        var measured = BuildRounds()
        var runs: [(ours: BuildBenchmark.Run, shell: BuildBenchmark.Run?, plain: BuildBenchmark.Run?)] = []
        for round in 1...rounds {
            let of = rounds > 1 ? " (round \(round) of \(rounds))" : ""
            log("fresh build of \(corpus.files.count) files\(of)…")
            let ours = try builder.fresh()
            var shell: BuildBenchmark.Run?, plain: BuildBenchmark.Run?
            if !arguments.flag("--skip-baseline") {
                log("sqlite3-shell baseline build\(of)…")
                let configuration = NoteIndex.defaultConfiguration
                shell = try ShellBaseline.run(
                    corpus: corpusRoot, database: work + "/baseline.sqlite", shell: arguments.value("--sqlite3") ?? "/usr/bin/sqlite3",
                    synchronous: NoteIndex.BulkLoadSettings().synchronous, cacheKiB: configuration.cacheSizeKiB ?? 2_000,
                    tokenizer: .cjk, loadExtension: ShellBaseline.extensionPath(nextTo: builder.notesIndex))
                log("sqlite3-shell baseline build with plain unicode61\(of)…")
                plain = try ShellBaseline.run(
                    corpus: corpusRoot, database: work + "/baseline-unicode61.sqlite", shell: arguments.value("--sqlite3") ?? "/usr/bin/sqlite3",
                    synchronous: NoteIndex.BulkLoadSettings().synchronous, cacheKiB: configuration.cacheSizeKiB ?? 2_000,
                    tokenizer: .unicode61, loadExtension: nil, label: "sqlite3 shell, plain unicode61")
                if let shell, let plain {
                    measured.rounds.append(.init(ours: ours.measurement.seconds, shell: shell.measurement.seconds,
                                                 plain: plain.measurement.seconds))
                }
            }
            runs.append((ours, shell, plain))
        }
        // The table shows the last round's runs; with several rounds, the rounds' table and medians follow it.
        report.builds.append(runs[runs.count - 1].ours)
        report.baseline = runs[runs.count - 1].shell
        report.plainBaseline = runs[runs.count - 1].plain
        if rounds > 1 { report.buildRounds = measured }
        if compareTokenizers, let fresh = report.builds.first {
            log("fresh build with --tokenizer unicode61…")
            let plain = try TokenizerComparison.buildUnicode61(corpus: corpusRoot, database: unicode61Database,
                                                               notesIndex: builder.notesIndex)
            report.tokenizers = TokenizerComparison(sides: [.init(tokenizer: FullTextTokenizer.cjk.recordedName, build: fresh),
                                                            .init(tokenizer: "unicode61", build: plain)])
        }
        log("no-op re-run…")
        report.builds.append(try builder.index("no-op re-run"))
        log("re-run after changing 1% of the files…")
        let (changed, count) = try builder.onePercentChanged(files: corpus.files)
        report.builds.append(changed)
        report.changedFiles = count
    }

    let index = try NoteIndex(path: database, mode: .readOnly)
    if arguments.flag("--word-forms-only") {
        print(try WordFormsBenchmark.measure(index: index, database: database, runs: runs, log: log).markdown, terminator: "")
        exit(0)
    }
    report.notes = try index.noteCount()
    if !arguments.flag("--skip-queries") {
        let queries = try QuerySelection.choose(index.connection, noteCount: report.notes)
        log("timing \(queries.count) queries, \(runs) runs each…")
        report.queries = try QueryBenchmark(runs: runs).run(queries, index: index, progress: log)
        report.wordForms = try WordFormsBenchmark.measure(index: index, database: database, runs: runs, log: log)
        log("recall audit…")
        report.recall = try queries.map { try RecallAudit.audit($0, index: index) }
        if report.tokenizers != nil {
            log("tokenizer comparison: timing the queries on both indexes…")
            let plain = try NoteIndex(path: unicode61Database, mode: .readOnly)
            // The Korean query above is a bigram of the CJK index's vocabulary; add a two-syllable noun that is a
            // whole token for unicode61 (~1% of notes), to show what unicode61 misses when a particle is attached.
            var compared = queries
            if let word = try QuerySelection.choose(plain.connection, noteCount: report.notes).first(where: { $0.label == "Korean (~1%)" }),
               !queries.contains(where: { $0.text == word.text }) {
                compared.append(BenchQuery(label: "Korean word (~1% for unicode61)", text: word.text,
                                           likePatterns: word.likePatterns, documentFrequency: word.documentFrequency))
            }
            try report.tokenizers?.measure(compared, indexes: [index, plain], runs: runs)
            plain.close()
        }
        let find = ChildProcess.sibling("notes-find")
        if let rare = queries.first(where: { $0.label == "rare" }), let common = queries.first, FileManager.default.isExecutableFile(atPath: find) {
            log("timing notes-find processes…")
            let base = ["--db", database, "--color", "never"]
            for (label, extra) in [("rare word, ranked top 20", [rare.text]),
                                   ("common word, ranked, -n 10", ["-n", "10", common.text]),
                                   ("common word, --sort modified, -n 10", ["--sort", "modified", "-n", "10", common.text])] {
                let timing = try ProcessTiming.measure(find, base + extra, runs: runs)
                report.processes.append((label, "notes-find " + extra.joined(separator: " "), timing))
            }
        }
    }
    index.close()

    print(report.markdown, terminator: "")
    if let path = arguments.value("--json") {
        let data = try JSONSerialization.data(withJSONObject: report.json, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
        log("wrote \(path)")
    }
} catch let error as UsageError {
    fail(error.message)
} catch {
    fail(String(describing: error))
}
