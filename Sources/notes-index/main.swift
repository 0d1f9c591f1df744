import Foundation
import NotesCLI
import NotesFTS

// notes-index: walk folders of notes into the index, incrementally. Thin: parse, call NotesFTS, report.

let program = "notes-index"
let parser = ArgumentParser(options: [
    OptionSpec(["--db"], value: "PATH", help: "index file (default: $NOTES_DB, else $XDG_DATA_HOME/notes-fts/notes.sqlite)"),
    OptionSpec(["--check"], help: "verify the index (SQLite and FTS5 integrity checks); exit 0 if both pass"),
    OptionSpec(["--rebuild"], help: "rebuild the full-text index from the notes table, in one transaction"),
    OptionSpec(["--tokenizer"], value: "NAME", help: "cjk (Korean, Chinese, Japanese by substring; the default for a new index) or unicode61 (whole words only); the index keeps its choice, a change rebuilds it"),
    OptionSpec(["-q", "--quiet"], help: "print warnings only, no summary line"),
    OptionSpec(["-h", "--help"], help: "show this help"),
    OptionSpec(["-V", "--version"], help: "show the version"),
])

let help = """
    notes-index: index folders of text, Markdown and JSON notes for notes-find

    Usage: notes-index [--db PATH] [options] PATH...

    Walks each PATH (a folder, recursively, or a single file) and stores its notes in one SQLite file.
    Re-runs are incremental: unchanged files are skipped without being read, changed files are updated
    in place, and notes of files deleted under a PATH are removed.

    Reads .txt, .md and .markdown (title from the first `# heading` or first line; YAML front matter;
    #hashtags become tags), .json (an object, an array, Keep and Simplenote exports) and .jsonl.
    Hidden files and folders below a PATH are skipped; symbolic links below a PATH are not followed.

    Options:
    \(parser.helpLines().joined(separator: "\n"))

    Exit status: 0 everything indexed; 1 done, but some inputs were skipped (each named on stderr);
    2 nothing could be done (bad arguments, unreadable or unwritable index).

    Examples:
      notes-index ~/notes                      index a folder into the default index
      notes-index --db notes.sqlite corpus     index the sample corpus into ./notes.sqlite
      notes-index --db notes.sqlite --check    verify an index
    """

let arguments = CommandLineTool.parseArguments(
    parser, program: program, help: help, version: "\(NotesFTSVersion.string) (SQLite \(NotesFTSVersion.sqlite))")

let environment = ProcessInfo.processInfo.environment
let databasePath = IndexLocation.resolve(explicit: arguments.value("--db"), environment: environment)
let maintenance = arguments.flag("--check") || arguments.flag("--rebuild")
if arguments.positionals.isEmpty && !maintenance {
    CommandLineTool.fail(program, "no folders or files to index; name at least one, e.g. `notes-index ~/notes` (see --help)")
}
if maintenance && !FileManager.default.fileExists(atPath: databasePath) {
    CommandLineTool.fail(program, NotesFTSError.indexNotFound(path: databasePath).description)
}

let tokenizer: FullTextTokenizer?
switch arguments.value("--tokenizer")?.lowercased() {
case nil: tokenizer = nil
case "cjk": tokenizer = .cjk
case "unicode61": tokenizer = .unicode61
case let other?: CommandLineTool.fail(program, "--tokenizer takes cjk or unicode61, not '\(other)'")
}

let index: NoteIndex
do {
    index = try NoteIndex(path: databasePath, mode: .readWrite, tokenizer: tokenizer)
} catch {
    CommandLineTool.fail(program, String(describing: error))
}

do {
    if arguments.flag("--rebuild") {
        try index.rebuildFullText()
        Terminal.writeError("\(program): rebuilt the full-text index of \(try index.noteCount()) notes in \(databasePath)\n")
    }
    if arguments.flag("--check") {
        let report = try index.checkIntegrity()
        if !report.databaseOK {
            CommandLineTool.fail(program, "SQLite integrity_check failed on \(databasePath): \(report.databaseProblems.prefix(3).joined(separator: "; ")); restore a backup or re-create the index")
        }
        if let problem = report.fullTextProblem {
            CommandLineTool.fail(program, "FTS5 integrity-check failed on \(databasePath): \(problem); run `notes-index --db \(databasePath) --rebuild`")
        }
        print("ok: SQLite integrity_check and FTS5 integrity-check passed (\(try index.noteCount()) notes in \(databasePath))")
    }
    if arguments.positionals.isEmpty { exit(0) }

    let progress = ProgressLine(enabled: Terminal.isTerminal(2) && !arguments.flag("--quiet"))
    let indexer = Indexer(index: index)
    indexer.onWarning = { warning in
        progress.clear()
        CommandLineTool.printError(program, "skipped \(warning.path): \(warning.reason)")
    }
    indexer.onProgress = { summary in
        progress.update("indexing… \(summary.added + summary.updated + summary.unchanged + summary.skipped) of \(summary.seen) files")
    }
    let summary = try indexer.run(paths: arguments.positionals)
    progress.clear()
    if !arguments.flag("--quiet") {
        Terminal.writeError("\(program): \(summary.line)\n")
    }
    index.close()
    exit(summary.skipped > 0 ? 1 : 0)
} catch {
    CommandLineTool.fail(program, String(describing: error))
}
