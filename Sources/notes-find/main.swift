import Dispatch
import Foundation
import NotesCLI
import NotesFTS

// notes-find: ranked search over the index. Thin: parse arguments, call NotesFTS, print.

let started = DispatchTime.now()
let program = "notes-find"
let parser = ArgumentParser(options: [
    OptionSpec(["--db"], value: "PATH", help: "index file (default: $NOTES_DB, else $XDG_DATA_HOME/notes-fts/notes.sqlite)"),
    OptionSpec(["-n", "--limit"], value: "N", help: "show at most N results (default 20; all with -l and -c)"),
    OptionSpec(["--offset"], value: "N", help: "skip the first N results (paging)"),
    OptionSpec(["--sort"], value: "KEY", help: "rank (default), modified, created, title or path"),
    OptionSpec(["-r", "--reverse"], help: "reverse the order"),
    OptionSpec(["--since"], value: "DATE", help: "only notes modified since DATE (2024-01-31, 2024-06, 2024, 7d, 2w, 1y)"),
    OptionSpec(["--until"], value: "DATE", help: "only notes modified up to and including DATE"),
    OptionSpec(["--json"], help: "print JSON Lines: one object per result, then a summary object"),
    OptionSpec(["-l", "--files-with-matches"], help: "print only the paths of matching files, one per line"),
    OptionSpec(["-0", "--null"], help: "with -l, end each path with NUL instead of newline (for xargs -0)"),
    OptionSpec(["-c", "--count"], help: "print only the number of matching notes"),
    OptionSpec(["--substring"], value: "TEXT", help: "find TEXT anywhere, in any script, as LIKE '%TEXT%' would (case-insensitive)"),
    OptionSpec(["--explain"], help: "show how the query was read (tree, FTS5 MATCH expression, filters), then search"),
    OptionSpec(["--color"], value: "WHEN", help: "auto (default), always or never; auto honours NO_COLOR"),
    OptionSpec(["-h", "--help"], help: "show this help"),
    OptionSpec(["-V", "--version"], help: "show the version"),
])

let help = """
    notes-find: search your notes, best matches first

    Usage: notes-find [--db PATH] [options] QUERY...

    Query language (anything it cannot read is searched as plain text, never an error):
      deploy friday          notes with both words          "next week"     the exact phrase
      deplo*                 words starting with deplo      a OR b, a | b   either word
      -draft, NOT draft      without the word (beside another term)
      (a OR b) c             grouping                        title:word, body:word  one field
      tag:name, #name        a tag                           path:work/     path contains work/
      created:>=2024-01-01   modified:<2025-06   created:2024   modified:>=7d   date filters
      Korean, Chinese and Japanese words match anywhere inside longer words: 검색 finds 전문검색.
      --substring TEXT finds TEXT inside words of any script (talog finds catalog), served by the
      index wherever the words allow.

    Options:
    \(parser.helpLines().joined(separator: "\n"))

    Exit status: 0 at least one result; 1 no results; 2 error.

    Examples:
      notes-find deploy                           top 20 notes about deploy
      notes-find 'title:meeting -draft "next week"'
      notes-find --sort modified --since 2w budget
      notes-find -l todo | xargs -d '\\n' ls -l
      notes-find --json sqlite | jq -r 'select(.type == "result") | .title'
      notes-find 국회                             notes containing 국회 (국회의원은, 국회에서…)
      notes-find --substring 'talog upd'          notes containing that text anywhere
    """

let arguments = CommandLineTool.parseArguments(
    parser, program: program, help: help, version: "\(NotesFTSVersion.string) (SQLite \(NotesFTSVersion.sqlite))")
let colorChoice: ColorChoice
var options = SearchOptions()
do {
    colorChoice = try ColorChoice.parse(arguments.value("--color"))
    if let sort = arguments.value("--sort") {
        guard let key = SearchSort(rawValue: sort.lowercased()) else {
            throw UsageError("--sort takes rank, modified, created, title or path, not '\(sort)'")
        }
        options.sort = key
    }
    options.reverse = arguments.flag("--reverse")
    options.includeSnippets = !arguments.flag("--files-with-matches") || arguments.flag("--json")
    options.offset = try CommandLineTool.integer(arguments.value("--offset"), option: "--offset") ?? 0
    let listsAll = arguments.flag("--files-with-matches") || arguments.flag("--count")
    options.limit = try CommandLineTool.integer(arguments.value("--limit"), option: "--limit", minimum: 1)
        ?? (listsAll ? Int(Int32.max) : 20)
    for (flag, comparison) in [("--since", DateComparison.atLeast), ("--until", DateComparison.atMost)] {
        guard let text = arguments.value(flag) else { continue }
        guard let period = DatePeriod.parse(text) else {
            throw UsageError("\(flag) takes a date like 2024-01-31, 2024-06, 2024 or 7d, 2w, 1y, not '\(text)'")
        }
        options.dateFilters.append(comparison.filter(.modified, period))
    }
} catch {
    CommandLineTool.fail(program, (error as? UsageError)?.message ?? String(describing: error))
}

let mode: OutputMode = arguments.flag("--json") ? .json
    : arguments.flag("--count") ? .count
    : arguments.flag("--files-with-matches") ? .paths : .human

let databasePath = IndexLocation.resolve(explicit: arguments.value("--db"), environment: ProcessInfo.processInfo.environment)
let output = OutputBuffer()

/// Prints what `--explain` shows: before the results in human mode, on stderr otherwise (stdout stays parseable).
@MainActor func explain(_ lines: [String]) {
    if mode == .human {
        lines.forEach(output.line)
        output.line("")
    } else {
        Terminal.writeError(lines.joined(separator: "\n") + "\n")
    }
}

/// Opens the index read-only, runs `search` (and `count` where the mode needs a total), prints, and exits
/// 0 when something was found, 1 when nothing was, 2 on error.
@MainActor func searchAndExit(search: (NoteIndex) throws -> [SearchResult], count: (NoteIndex) throws -> Int) -> Never {
    do {
        let index = try NoteIndex(path: databasePath, mode: .readOnly)
        let style = Style(enabled: colorChoice.enabled(isTerminal: Terminal.isTerminal(1), environment: ProcessInfo.processInfo.environment))
        let printer = ResultPrinter(mode: mode, style: style, nulSeparated: arguments.flag("--null"),
                                    currentDirectory: FileManager.default.currentDirectoryPath, output: output)
        let found: Int
        switch mode {
        case .count:
            found = try count(index)
            output.line(String(found))
        case .json:
            let results = try search(index)
            printer.print(results)
            let total = try count(index)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
            output.line(ResultPrinter.summary(total: total, returned: results.count, elapsedMilliseconds: elapsed).rendered)
            found = results.count
        case .human, .paths:
            let results = try search(index)
            printer.print(results)
            found = results.count
        }
        output.flush()
        index.close()
        exit(found > 0 ? 0 : 1)
    } catch {
        output.flush()
        CommandLineTool.fail(program, String(describing: error))
    }
}

if let substring = arguments.value("--substring") {
    if !arguments.positionals.isEmpty {
        CommandLineTool.fail(program, "--substring takes the whole text to find; give no other query words (got '\(arguments.positionals.joined(separator: " "))')")
    }
    let query = SubstringQuery(substring)
    if query.isEmpty {
        CommandLineTool.fail(program, "empty --substring; give the text to find, e.g. `notes-find --substring 'talog'`")
    }
    if arguments.flag("--explain") {
        explain(["substring: \"\(query.text)\" (case-insensitive)",
                 "match:     \(query.matchExpression ?? "(none: every note is scanned)")",
                 "order:     \(options.sort.rawValue)\(options.reverse ? " (reversed)" : "")"])
    }
    searchAndExit(search: { try $0.searchSubstring(query, options: options) },
                  count: { try $0.countSubstring(query, options: options) })
}

// Several arguments: one holding spaces is a phrase the shell already grouped (notes-find "next week" x).
let queryText = arguments.positionals.count == 1 ? arguments.positionals[0] : arguments.positionals.map { part in
    part.contains(where: \.isWhitespace) && !part.contains("\"") ? "\"\(part)\"" : part
}.joined(separator: " ")
if queryText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
    CommandLineTool.fail(program, "empty query; give words to search for, e.g. `notes-find deploy` (see --help)")
}

let query = QueryParser.parse(queryText)
if arguments.flag("--explain") {
    var lines = ["query:   \(query.treeDescription)", "match:   \(query.matchExpression ?? "(none)")"]
    if let exclusion = query.exclusionExpression { lines.append("exclude: \(exclusion)") }
    for fragment in query.pathFilters { lines.append("filter:  path contains \"\(fragment)\"") }
    for filter in query.dateFilters + options.dateFilters {
        let parts = [filter.from.map { "\(filter.field.rawValue) >= \($0)" }, filter.before.map { "\(filter.field.rawValue) < \($0)" }]
        lines.append("filter:  " + parts.compactMap { $0 }.joined(separator: " AND "))
    }
    lines.append("order:   \(options.sort.rawValue)\(options.reverse ? " (reversed)" : "")")
    explain(lines + query.notes.map { "note:    \($0)" })
}
if query.isOnlyExclusion {
    CommandLineTool.fail(program, "'\(queryText)' only excludes words; add a word to search for, e.g. `notes-find 'meeting -draft'`")
}
if query.isEmpty {
    output.flush()
    CommandLineTool.fail(program, "nothing to search for in '\(queryText)' (no letters or digits)", code: 1)
}
searchAndExit(search: { try $0.search(query, options: options) }, count: { try $0.count(query, options: options) })
