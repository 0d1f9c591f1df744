import Dispatch
import Foundation
import NotesCLI
import NotesFTS

/// `notes-find`: ranked search over the index. Reads the query, opens the index read-only, prints.
enum FindCommand: Command {
    static let name = "notes-find"
    static let version = "\(NotesFTSVersion.string) (SQLite \(NotesFTSVersion.sqlite))"
    static var options: OptionTable<FindOptions> { FindOptions.table }
    static let unknownOptionHint = "to search for text that starts with '-', put it after --"

    static var help: String {
        """
        notes-find: search your notes, best matches first

        Usage: notes-find [--db PATH] [options] QUERY...

        Query language (anything it cannot read is searched as plain text; brackets and NOT nest up to 20 deep):
          deploy friday          notes with both words          "next week", “next week”  the exact phrase
          deplo*                 words starting with deplo      a OR b, a | b   either word
          -draft, NOT draft      without the word (beside another term, never one side of OR)
          (a OR b) c             grouping                        title:word, body:word  one field
          title:(a OR b)         the field for every word inside the brackets
          tag:name, #name        a tag                           path:work/     path contains work/
          created:>=2024-01-01   modified:<2025-06   created:2024   modified:>=7d   date filters
          -path:drafts/, -modified:2024   exclude what a filter selects; a filter applies to the whole
                                 query, so it cannot be one side of OR: write (a OR b) path:work/
          Korean, Chinese and Japanese words match anywhere inside longer words: 검색 finds 전문검색.
          --substring TEXT finds TEXT inside words of any script (talog finds catalog), served by the
          index wherever the words allow.

        Options:
        \(options.helpLines().joined(separator: "\n"))

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
    }

    static func run(_ options: FindOptions) throws -> Int32 {
        let output = OutputBuffer()
        let status: Int32
        do {
            status = try run(options, output: output)
        } catch let error as NotesFTSError {
            // Advice names the index as it was chosen (--db, NOTES_DB or the default), in commands that paste.
            throw CommandFailure(error.message(naming: IndexLocation.naming(explicit: options.database,
                                                                             environment: EnvironmentVariables.read(["NOTES_DB"]))))
        }
        // Output that cannot be written is an error (exit 2); on the other ways out the buffer writes what it can.
        try output.flush()
        return status
    }

    /// Searches and prints into `output`; the exit status.
    private static func run(_ options: FindOptions, output: OutputBuffer) throws -> Int32 {
        let started = DispatchTime.now()
        let environment = EnvironmentVariables.read()
        // `-l` and `-c` read many pages once: mapped, each would count as the process's memory (a word in 70%
        // of 1,000,000 notes: 123 MB peak RSS mapped, against 100 MB allowed); the page cache bounds them.
        var configuration = NoteIndex.defaultConfiguration
        if options.mode == .paths || options.mode == .count { configuration.mmapSize = 0 }
        let index = try NoteIndex(path: IndexLocation.resolve(explicit: options.database, environment: environment),
                                  mode: .readOnly, configuration: configuration)
        defer { index.close() }
        let search: Search
        if let substring = options.substring {
            if options.explain { try explain(substring.explanation(options: options.search), options, output) }
            search = Search(results: { index, paging, body in try index.searchSubstring(substring, options: paging).forEach(body) },
                            paths: { index, paging, body in
                                var seen = Set<String>()
                                for result in try index.searchSubstring(substring, options: paging)
                                where seen.insert(result.path).inserted { try body(result.path) }
                            },
                            count: { try $0.countSubstring(substring, options: options.search) })
        } else {
            search = try wordSearch(options, index: index, output: output)
        }
        if let number = options.open { return try open(number, search, index, options) }
        let found = try searchAndPrint(search, index, options, output, started: started)
        // Paged past the end: the query found notes, so neither its words nor its dates are to blame.
        if found == 0, options.search.offset > 0, case let total = try search.count(index), total > 0 {
            Terminal.writeErrorLine("\(name): --offset \(options.search.offset) skips all \(total) result\(total == 1 ? "" : "s")")
            return 1
        }
        let suggested = try found == 0 && (search.suggest?(index) ?? false)
        // Else how the query was read otherwise than typed (`created:someday` searched as text), in one line.
        if found == 0, !suggested, !options.explain, !search.notes.isEmpty {
            Terminal.writeErrorLine("\(name): " + search.notes.joined(separator: "; "))
        }
        if found == 0, options.since != nil || options.until != nil, let hint = try periodHint(index) {
            Terminal.writeErrorLine("\(name): \(hint)")
        }
        return found > 0 ? 0 : 1
    }

    /// Why `--since`/`--until` may have found nothing: the span of the modified dates notes state, and the
    /// notes only the file system dated, which date filters skip. `nil` for an index without notes.
    static func periodHint(_ index: NoteIndex) throws -> String? {
        let span = try index.dateSpan(of: .modified)
        let day = { (date: Date) in String(Timestamp.format(date).prefix(10)) }
        var parts: [String] = []
        if let earliest = span.earliest, let latest = span.latest {
            parts.append("the notes' own modified dates run from \(day(earliest)) to \(day(latest))")
        }
        if span.fileDatedNotes > 0 {
            let count = span.fileDatedNotes
            parts.append("\(count) note\(count == 1 ? " is" : "s are") dated only by file times, which date filters skip")
        }
        return parts.isEmpty ? nil : "no notes modified in that period; " + parts.joined(separator: "; ")
    }

    /// The search for the query words: parsed, then (unless `--exact`) widened to other word forms and
    /// corrected, each correction said on stderr.
    private static func wordSearch(_ options: FindOptions, index: NoteIndex, output: OutputBuffer) throws -> Search {
        let parsed = QueryParser.parse(options.queryText)
        if parsed.exceedsNestingLimit { throw NotesFTSError.queryTooDeep(limit: QueryParser.nestingLimit) }
        if parsed.isOnlyExclusion {
            throw CommandFailure("'\(options.queryText)' only excludes words; add a word to search for, e.g. `notes-find 'meeting -draft'`")
        }
        if parsed.isEmpty && options.search.dateFilters.isEmpty {
            throw CommandFailure("nothing to search for in '\(options.queryText)' (no letters or digits); search for a word")
        }
        let expanded = options.exact ? ExpandedQuery(query: parsed) : try index.expand(parsed)
        let query = expanded.query
        if options.explain {
            let ranking = try index.rankingPath(query, options: options.search)
            try explain(query.explanation(options: options.search) + ["ranking: \(ranking)"], options, output)
        }
        for correction in expanded.corrections {
            Terminal.writeErrorLine("\(name): no notes contain \"\(correction.typed)\"; showing results for \"\(correction.replacement)\"")
        }
        let suggest: ((NoteIndex) throws -> Bool)? = options.exact || !expanded.corrections.isEmpty ? nil : { index in
            let suggestions = try index.suggestions(for: query, skipping: expanded.farFromEveryWord)
            for (word, near) in suggestions {
                let list = near.map { "\"\($0)\"" }.joined(separator: ", ")
                Terminal.writeErrorLine("\(name): no notes contain \"\(word)\"; nearest indexed words: \(list)")
            }
            return !suggestions.isEmpty
        }
        return Search(results: { index, paging, body in try index.forEachResult(query, options: paging, body) },
                      paths: { index, paging, body in try index.forEachPath(query, options: paging, body) },
                      count: { try $0.count(query, options: options.search) },
                      corrections: expanded.corrections, suggest: suggest, notes: parsed.notes)
    }

    /// A search of either kind: its results and its paths, each handed over as found; the total without
    /// paging; the corrections it made, what to suggest when it finds nothing, and how it was read.
    private struct Search {
        let results: (NoteIndex, SearchOptions, (SearchResult) throws -> Void) throws -> Void
        let paths: (NoteIndex, SearchOptions, (String) throws -> Void) throws -> Void
        let count: (NoteIndex) throws -> Int
        var corrections: [QueryCorrection] = []
        /// Prints the nearest indexed words of the words no note holds; whether it printed any.
        var suggest: ((NoteIndex) throws -> Bool)?
        /// What the parser read otherwise than typed (``ParsedQuery/notes``).
        var notes: [String] = []
    }

    /// `--open N`: runs the editor on the Nth result at its line and says what it ran; the editor's status.
    private static func open(_ number: Int, _ search: Search, _ index: NoteIndex, _ options: FindOptions) throws -> Int32 {
        var paging = options.search
        // The Nth result from the offset, saturating: past every match there is simply nothing to open.
        let (offset, overflow) = max(paging.offset, 0).addingReportingOverflow(number - 1)
        paging.offset = overflow ? .max : offset
        paging.limit = 1
        paging.includeSnippets = true
        var first: SearchResult?
        try search.results(index, paging) { first = first ?? $0 }
        guard let result = first else {
            let total = try search.count(index)
            throw CommandFailure(total == 0 ? "no notes found for '\(options.queryText)'; nothing to open"
                                 : "--open \(number): only \(total) result\(total == 1 ? "" : "s") for '\(options.queryText)'", status: 1)
        }
        // An editor given a file that is gone opens an empty buffer as if the note were blank.
        guard FileManager.default.fileExists(atPath: result.path) else {
            throw CommandFailure("\(result.path) no longer exists (moved or deleted since it was indexed); "
                                 + "run notes-index on its folder to bring the index up to date")
        }
        let environment = EnvironmentVariables.read()
        guard let command = EditorCommand(path: result.path, line: result.line, environment: environment) else {
            throw CommandFailure("--open needs an editor: set VISUAL or EDITOR (for example `export EDITOR=vim`)")
        }
        let executable = try command.executable(environment: environment)
        Terminal.writeErrorLine("\(name): \(command.displayed)")
        let status = try command.run(executable)
        if status != 0 { throw CommandFailure("the editor exited with status \(status) (\(command.displayed))") }
        return 0
    }

    /// Runs `search` (and its count where the mode needs a total) and prints; returns how many notes were found.
    private static func searchAndPrint(_ search: Search, _ index: NoteIndex, _ options: FindOptions, _ output: OutputBuffer,
                                       started: DispatchTime) throws -> Int {
        let environment = EnvironmentVariables.read()
        let style = Style(enabled: options.color.enabled(isTerminal: Terminal.isTerminal(1), environment: environment))
        let printer = ResultPrinter(mode: options.mode, style: style, nulSeparated: options.nulSeparated,
                                    escapesPaths: Terminal.isTerminal(1), currentDirectory: currentDirectory(), output: output)
        switch options.mode {
        case .count:
            let found = try search.count(index)
            try output.line(String(found))
            return found
        case .human, .json:
            var returned = 0
            try search.results(index, options.search) { result in
                try printer.print(result)
                returned += 1
            }
            guard options.mode == .json else { return returned }
            // A page that is not full ends the results: its end is the total, with no second query.
            let offset = max(options.search.offset, 0)
            let total = returned < options.search.limit && (returned > 0 || offset == 0) ? offset + returned
                : try search.count(index)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
            try output.line(ResultPrinter.summary(total: total, returned: returned, elapsedMilliseconds: elapsed,
                                              corrections: search.corrections).rendered)
            return returned
        case .paths:
            var printed = 0
            try search.paths(index, options.search) { path in
                try printer.printPath(path)
                printed += 1
            }
            return printed
        }
    }

    /// The current folder, or `nil` when it cannot be named (deleted after the shell entered it: Foundation
    /// then answers "", and every path was shown relative to `/`, as `tmp/notes/a.md`).
    private static func currentDirectory() -> String? {
        let path = FileManager.default.currentDirectoryPath
        return path.hasPrefix("/") ? path : nil
    }

    /// Prints what `--explain` shows: before the results in human mode, on stderr otherwise (stdout stays
    /// parseable) and with `--open` (before the editor runs).
    private static func explain(_ lines: [String], _ options: FindOptions, _ output: OutputBuffer) throws {
        // With --open nothing else is printed, and stdout is written only once the editor has exited.
        if options.mode == .human && options.open == nil {
            try lines.forEach { try output.line(TerminalEscape.escaped($0)) }
            try output.line("")
        } else {
            lines.forEach(Terminal.writeErrorLine)
        }
    }
}
