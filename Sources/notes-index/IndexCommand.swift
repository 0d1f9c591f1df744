import Foundation
import NotesCLI
import NotesFTS

/// `notes-index`: walks folders of notes into the index, incrementally; checks or rebuilds it.
enum IndexCommand: Command {
    static let name = "notes-index"
    static let version = "\(NotesFTSVersion.string) (SQLite \(NotesFTSVersion.sqlite))"
    static var options: OptionTable<IndexOptions> { IndexOptions.table }
    static let positionalsArePaths = true

    static var help: String {
        """
        notes-index: index folders of text, Markdown and JSON notes for notes-find

        Usage: notes-index [--db PATH] [options] PATH...

        Walks each PATH (a folder, recursively, or a single file) and stores its notes in one SQLite file.
        Re-runs are incremental: unchanged files are skipped without being read, changed files are updated
        in place, and notes of files deleted under a PATH are removed.

        Reads .txt, .md and .markdown (title from the first `# heading` or first line; YAML front matter;
        #hashtags, Bear #multi word tags#; Obsidian aliases, Logseq properties, Notion property lines),
        .json (an object, an array; Keep, Simplenote, Standard Notes and Day One exports) and .jsonl,
        .rst, .adoc, .org, .html and Evernote .enex. Copies an export writes beside its notes (Keep's
        Labels.txt and .html twins, Simplenote's .txt twins) are left out. Dates come from the note, else
        a date in the file name (2024-01-31, 20240131, 2024_01_31), else the file's birth time (created)
        and modification time (modified).
        Hidden files and folders below a PATH are skipped, and so is what .gitignore, .ignore and .notesignore
        files exclude (gitignore syntax, nested files, `!` to re-include; .notesignore wins over .ignore, which
        wins over .gitignore). Symbolic links below a PATH are followed only with -L. Files that are not
        notes are counted by extension in the summary; -v names them.

        --watch keeps indexing after the first pass: a file saved (also by rename), moved or deleted under a
        PATH, and a folder added, moved or deleted, is reflected within a second; searches run meanwhile.
        Ctrl-C stops it. A PATH moved away or deleted is reported, and indexed and watched again when it is
        back; its notes stay in the index meanwhile. It uses inotify and is supported on Linux only.

        Options:
        \(options.helpLines().joined(separator: "\n"))

        Exit status: 0 everything indexed; 1 done, but some inputs were skipped (each named on stderr);
        2 nothing could be done (bad arguments, no PATH exists, unreadable or unwritable index).

        Examples:
          notes-index ~/notes                      index a folder into the default index
          notes-index --db notes.sqlite corpus     index the sample corpus into ./notes.sqlite
          notes-index --db notes.sqlite --check    verify an index
          notes-index --watch ~/notes              index, then follow changes until Ctrl-C
          notes-index --forget ~/old-notes         remove a folder's notes from the index
        """
    }

    static func run(_ options: IndexOptions) throws -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let naming = IndexLocation.naming(explicit: options.database, environment: environment)
        do {
            return try run(options, path: IndexLocation.resolve(explicit: options.database, environment: environment), naming: naming)
        } catch let error as NotesFTSError {
            // Advice names the index as it was chosen (--db, NOTES_DB or the default), in commands that paste.
            throw CommandFailure(error.message(naming: naming))
        }
    }

    /// Does the work on the index at `path`, which messages name as `naming` says.
    private static func run(_ options: IndexOptions, path: String, naming: NotesFTSError.IndexNaming) throws -> Int32 {
        try refuseRelativePathsWithoutCurrentFolder(options)
        try refuseIfEveryPathIsMissing(options)
        if options.isMaintenance && !FileManager.default.fileExists(atPath: path) {
            throw NotesFTSError.indexNotFound(path: path)
        }
        let index = try NoteIndex(path: path, mode: .readWrite, tokenizer: options.tokenizer)
        defer { index.close() }
        var status: Int32 = 0
        for root in options.forget where try !forget(root, in: index, quiet: options.quiet, naming: naming) { status = 1 }
        if options.rebuild {
            try index.rebuildFullText()
            if !options.quiet {
                Terminal.writeErrorLine("\(name): rebuilt the full-text index of \(try index.noteCount()) notes in \(path)")
            }
        }
        // Forgetting and rebuilding free pages; give them back before checking (runs below do it themselves).
        if options.rebuild || !options.forget.isEmpty { try index.reclaimFreeSpace() }
        if options.check { try check(index, path: path, naming: naming) }
        if options.listRoots { try listRoots(index, naming: naming) }
        if options.paths.isEmpty { return status }
        func firstPass() throws {
            let summary = try indexPaths(options, into: index)
            if summary.skipped > 0 || summary.skippedLines > 0 || summary.skippedNotes > 0 { status = 1 }
        }
        // With --watch the watches are set up before the first pass, so a change made during it is not lost.
        if options.watch { try watch(options, index: index, firstPass: firstPass) } else { try firstPass() }
        return status
    }

    /// Runs both integrity checks; throws naming the one that failed and what to do.
    private static func check(_ index: NoteIndex, path: String, naming: NotesFTSError.IndexNaming) throws {
        let report = try index.checkIntegrity()
        if !report.databaseOK {
            let more = report.databaseProblems.count > 3 ? " (and \(report.databaseProblems.count - 3) more)" : ""
            throw CommandFailure("SQLite integrity_check failed on \(path): \(report.databaseProblems.prefix(3).joined(separator: "; "))\(more); restore a backup or re-create the index")
        }
        if report.fullTextNeedsWrite {
            throw CommandFailure("SQLite integrity_check passed on \(path), but FTS5's integrity-check could not run: it runs as a write (one that changes nothing) and this index is read-only to you; run --check as a user who can write it")
        }
        if let owner = report.buildingProcess, !report.fullTextOK {
            throw CommandFailure("a first build (process \(owner)) is still indexing \(path): part of its notes' text is not in the full-text index yet; run --check after it finishes")
        }
        if let problem = report.fullTextProblem {
            throw CommandFailure("FTS5 integrity-check failed on \(path): \(problem); run `\(naming.command(path, "--rebuild"))`")
        }
        print(TerminalEscape.escaped("ok: SQLite integrity_check and FTS5 integrity-check passed (\(try index.noteCount()) notes in \(path))"))
    }

    /// An indexer with the walk options, a warning per skipped input and, with `-v`, a notice per file
    /// that is not a note and per ignored path.
    static func makeIndexer(_ options: IndexOptions, index: NoteIndex, progress: ProgressLine) -> Indexer {
        let indexer = Indexer(index: index)
        indexer.walkOptions = options.walk
        indexer.fieldMap = options.fieldMap
        indexer.onWarning = { warning in
            progress.clear()
            CommandLineTool.printError(name, warning.isPartial ? "\(warning.path): \(warning.reason)" : "skipped \(warning.path): \(warning.reason)")
        }
        if options.verbose {
            indexer.onNotice = { notice in
                progress.clear()
                CommandLineTool.printError(name, "\(notice.path): \(notice.reason)")
            }
            indexer.onLeftOut = { leftOut in
                progress.clear()
                CommandLineTool.printError(name, "left out \(leftOut.path): \(leftOut.reason)")
            }
        }
        return indexer
    }

    /// Indexes the paths with a progress line (on a terminal), a warning per skipped input and the summary.
    private static func indexPaths(_ options: IndexOptions, into index: NoteIndex) throws -> IndexSummary {
        let progress = ProgressLine(enabled: !options.quiet && ProgressLine.canDraw(isTerminal: Terminal.isTerminal(2),
                                                                                 environment: EnvironmentVariables.read(["TERM"])))
        let indexer = makeIndexer(options, index: index, progress: progress)
        indexer.onProgress = { summary in
            progress.update("indexing… \(summary.added + summary.updated + summary.unchanged + summary.empty + summary.skipped) of \(summary.seen) files")
        }
        let summary = try indexer.run(paths: options.paths)
        progress.clear()
        if !options.quiet { Terminal.writeErrorLine("\(name): \(summary.line)") }
        return summary
    }
}
