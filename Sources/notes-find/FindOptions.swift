import Foundation
import NotesCLI
import NotesFTS

/// Everything `notes-find` was asked for, typed and checked; filled from ``table``.
struct FindOptions: CommandOptions {
    /// `--db`, if given (else the environment decides; see ``IndexLocation``).
    var database: String?
    /// Paging, order, date filters and snippets of the search.
    /// One query a process: no walk is split over a second connection (``SearchOptions/splitsWalks``).
    var search: SearchOptions = {
        var options = SearchOptions()
        options.splitsWalks = false
        return options
    }()
    /// `-n`, `--limit`, if given.
    var limit: Int?
    /// `--since`, `--until`: only notes modified in that range.
    var since: DatePeriod?
    var until: DatePeriod?
    /// `--since` and `--until` as typed, for the error of a range that holds no date.
    var periodTexts: [String: String] = [:]
    var json = false
    var filesWithMatches = false
    var nulSeparated = false
    var count = false
    var explain = false
    /// Whether `--sort` was given (`-l` alone lists in path order).
    var sortGiven = false
    /// `--substring TEXT`.
    var substring: SubstringQuery?
    var color = ColorChoice.auto
    /// `--exact`: no other word forms, no typo correction.
    var exact = false
    /// `--open [N]`: open the Nth result (1-based) in the editor instead of listing results.
    var open: Int?
    /// The query words, as given (after `--open`'s optional number; read from stdin for `-`).
    var words: [String] = []

    /// How results are printed.
    var mode: OutputMode { json ? .json : count ? .count : filesWithMatches ? .paths : .human }

    /// `-l` with no order or paging asked for lists every matching path in path order, as it reads them:
    /// ranking every match first costs more than listing them (Benchmarks/README.md, "Streaming -l, -c, --json").
    var listsAllPaths: Bool {
        mode == .paths && limit == nil && search.offset == 0 && !sortGiven && !search.reverse && open == nil
    }

    /// The query text: several arguments are joined; one holding spaces is a phrase the shell already
    /// grouped (`notes-find "next week" x`), unless it quotes for itself (`'“next week” plan' x`).
    var queryText: String {
        words.count == 1 ? words[0] : words.map { part in
            part.contains(where: \.isWhitespace) && !QueryParser.holdsPhraseQuote(part) ? "\"\(part)\"" : part
        }.joined(separator: " ")
    }

    mutating func finish(positionals: [String]) throws {
        // One output: each of these would silently win over the others.
        let outputs = [("--json", json), ("-l", filesWithMatches), ("-c", count), ("--open", open != nil)].filter(\.1)
        if outputs.count > 1 { throw UsageError.excluding(outputs[0].0, outputs[1].0) }
        if nulSeparated && !filesWithMatches {
            throw UsageError("-0 ends the paths of -l with NUL; add -l, or leave out -0")
        }
        words = positionals
        if open != nil, words.count > 1, let number = Int(words[0]) ?? (CommandLineTool.isDigits(words[0]) ? 0 : nil) {
            guard number >= 1 else { throw UsageError("--open takes a result number from 1 to \(Int.max), not '\(words[0])'") }
            open = number
            words.removeFirst()
        }
        if words == ["-"] {
            words = [Self.standardInput()]
        }
        search.includeSnippets = !filesWithMatches || json
        search.includeScores = json
        search.limit = limit ?? (filesWithMatches || count ? Int(Int32.max) : 20)
        if listsAllPaths { search.sort = .path }
        search.dateFilters = [since.map { DateComparison.atLeast.filter(.modified, $0) },
                              until.map { DateComparison.atMost.filter(.modified, $0) }].compactMap { $0 }
        if let from = search.dateFilters.first?.from, let before = search.dateFilters.last?.before, from >= before {
            let since = periodTexts["--since", default: ""], until = periodTexts["--until", default: ""]
            throw UsageError("--since \(since) is after --until \(until): no date is in both; swap them")
        }
        if let substring {
            if !words.isEmpty {
                throw UsageError("--substring takes the whole text to find; give no other query words (got '\(words.joined(separator: " "))')")
            }
            if substring.isEmpty {
                throw UsageError("empty --substring; give the text to find, e.g. `notes-find --substring 'talog'`")
            }
        } else if queryText.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) && search.dateFilters.isEmpty {
            // `--since`/`--until` alone list the notes of that period.
            throw UsageError("empty query; give words to search for, e.g. `notes-find deploy` (see --help)")
        }
    }

    /// The options of `notes-find`, in `--help` order.
    static let table = OptionTable<FindOptions>([
        .value(["--db"], "PATH", help: "index file (default: $NOTES_DB, else $XDG_DATA_HOME/notes-fts/notes.sqlite)") {
            guard !$1.isEmpty else { throw UsageError.emptyDatabasePath }
            $0.database = $1
        },
        .value(["-n", "--limit"], "N", help: "show at most N results (default 20; all with -l and -c)") {
            $0.limit = try CommandLineTool.integer($1, option: "--limit", minimum: 1)
        },
        .value(["--offset"], "N", help: "skip the first N results (paging)") {
            $0.search.offset = try CommandLineTool.integer($1, option: "--offset") ?? 0
        },
        .value(["--sort"], "KEY", help: "rank (default), modified, created, title or path",
               choices: SearchSort.allCases.map { $0.rawValue }) {
            guard let key = SearchSort(rawValue: $1.lowercased()) else {
                throw UsageError("--sort takes rank, modified, created, title or path, not '\($1)'")
            }
            $0.search.sort = key
            $0.sortGiven = true
        },
        .flag(["-r", "--reverse"], help: "reverse the order") { $0.search.reverse = true },
        .value(["--since"], "DATE", help: "only notes modified since DATE (2024-01-31, 2024-06, 2024, 7d, 2w, 3m, 1y, today), by the dates notes state, not file times") {
            $0.since = try period($1, option: "--since")
            $0.periodTexts["--since"] = $1
        },
        .value(["--until"], "DATE", help: "only notes modified up to and including DATE") {
            $0.until = try period($1, option: "--until")
            $0.periodTexts["--until"] = $1
        },
        .flag(["--json"], help: "print JSON Lines: one object per result, then a summary object") { $0.json = true },
        .flag(["-l", "--files-with-matches"], help: "print only the paths of matching files, one per line, sorted by path (by rank with --sort rank, -r, -n or --offset)") {
            $0.filesWithMatches = true
        },
        .flag(["-0", "--null"], help: "with -l, end each path with NUL instead of newline (for xargs -0)") {
            $0.nulSeparated = true
        },
        .flag(["-c", "--count"], help: "print only the number of matching notes") { $0.count = true },
        .value(["--substring"], "TEXT", help: "find TEXT anywhere, in any script, as LIKE '%TEXT%' would (case-insensitive)") {
            $0.substring = SubstringQuery($1)
        },
        .flag(["--explain"], help: "show how the query was read (tree, FTS5 MATCH expression, filters) and the ranking path (top-k or full scoring), then search") {
            $0.explain = true
        },
        .flag(["--exact"], help: "match words exactly as typed: no other word forms (meetings, meeting), no typo correction") {
            $0.exact = true
            $0.search.exact = true
        },
        .flag(["--open"], help: "open result N (default 1; `--open N QUERY`) in $VISUAL or $EDITOR at its line") {
            $0.open = 1
        },
        .value(["--color", "--colour"], "WHEN", help: "auto (default), always or never; auto honours NO_COLOR",
               choices: ["auto", "always", "never"]) {
            $0.color = try ColorChoice.parse($1)
        },
        .generate,
        .help,
        .version,
    ], dashWordsAfterPositionals: true)

    /// The query typed on standard input (`notes-find -`), lines joined by spaces.
    private static func standardInput() -> String {
        var lines: [String] = []
        while let line = readLine(strippingNewline: true) { lines.append(line) }
        return lines.joined(separator: " ")
    }

    private static func period(_ text: String, option: String) throws -> DatePeriod {
        guard let period = DatePeriod.parse(text) else {
            throw UsageError("\(option) takes a date like 2024-01-31, 2024-06, 2024 or 7d, 2w, 1y, not '\(text)'")
        }
        return period
    }
}
