import Dispatch
import Foundation
import NotesCLI
import NotesFTS

/// `notes-find`: ranked search over the index. Reads the query, opens the index read-only, prints.
enum FindCommand: Command {
    static let name = "notes-find"
    static let version = "\(NotesFTSVersion.string) (SQLite \(NotesFTSVersion.sqlite))"
    static var options: OptionTable<FindOptions> { FindOptions.table }

    static var help: String {
        """
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
        let started = DispatchTime.now()
        let output = OutputBuffer()
        defer { output.flush() }
        let search: Search
        if let substring = options.substring {
            if options.explain { explain(substring.explanation(options: options.search), options, output) }
            search = Search(results: { try $0.searchSubstring(substring, options: options.search) },
                            count: { try $0.countSubstring(substring, options: options.search) })
        } else {
            let query = QueryParser.parse(options.queryText)
            if options.explain { explain(query.explanation(options: options.search), options, output) }
            if query.isOnlyExclusion {
                throw CommandFailure("'\(options.queryText)' only excludes words; add a word to search for, e.g. `notes-find 'meeting -draft'`")
            }
            if query.isEmpty && options.search.dateFilters.isEmpty {
                throw CommandFailure("nothing to search for in '\(options.queryText)' (no letters or digits)", status: 1)
            }
            search = Search(results: { try $0.search(query, options: options.search) },
                            count: { try $0.count(query, options: options.search) })
        }
        let found = try searchAndPrint(search, options, output, started: started)
        return found > 0 ? 0 : 1
    }

    /// A search of either kind: the page of results, and the total without paging.
    private struct Search {
        let results: (NoteIndex) throws -> [SearchResult]
        let count: (NoteIndex) throws -> Int
    }

    /// Opens the index read-only, runs `search` (and its count where the mode needs a total) and prints;
    /// returns how many notes were found.
    private static func searchAndPrint(_ search: Search, _ options: FindOptions, _ output: OutputBuffer,
                                       started: DispatchTime) throws -> Int {
        let environment = ProcessInfo.processInfo.environment
        let index = try NoteIndex(path: IndexLocation.resolve(explicit: options.database, environment: environment),
                                  mode: .readOnly)
        defer { index.close() }
        let style = Style(enabled: options.color.enabled(isTerminal: Terminal.isTerminal(1), environment: environment))
        let printer = ResultPrinter(mode: options.mode, style: style, nulSeparated: options.nulSeparated,
                                    currentDirectory: FileManager.default.currentDirectoryPath, output: output)
        switch options.mode {
        case .count:
            let found = try search.count(index)
            output.line(String(found))
            return found
        case .json:
            let results = try search.results(index)
            printer.print(results)
            let total = try search.count(index)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
            output.line(ResultPrinter.summary(total: total, returned: results.count, elapsedMilliseconds: elapsed).rendered)
            return results.count
        case .human, .paths:
            let results = try search.results(index)
            printer.print(results)
            return results.count
        }
    }

    /// Prints what `--explain` shows: before the results in human mode, on stderr otherwise (stdout stays
    /// parseable).
    private static func explain(_ lines: [String], _ options: FindOptions, _ output: OutputBuffer) {
        if options.mode == .human {
            lines.forEach(output.line)
            output.line("")
        } else {
            Terminal.writeError(lines.joined(separator: "\n") + "\n")
        }
    }
}
