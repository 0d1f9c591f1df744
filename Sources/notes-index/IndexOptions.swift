import NotesCLI
import NotesFTS

/// Everything `notes-index` was asked for, typed and checked; filled from ``table``.
struct IndexOptions: CommandOptions {
    /// `--db`, if given (else the environment decides; see ``IndexLocation``).
    var database: String?
    var check = false
    var rebuild = false
    /// `--tokenizer`, if given (else the index keeps its own).
    var tokenizer: FullTextTokenizer?
    var quiet = false
    /// `-v`: name each file that is not a note and each path an ignore rule leaves out.
    var verbose = false
    /// `--exclude`, `--no-ignore`, `-L`.
    var walk = WalkOptions()
    /// `--forget`: roots whose notes are removed before anything else.
    var forget: [String] = []
    var listRoots = false
    /// `--watch`: after indexing, keep the index up to date with the paths until interrupted.
    var watch = false
    /// `--map`: where JSON exports keep their note fields.
    var fieldMap: JSONFieldMap?
    /// The files and folders to index.
    var paths: [String] = []

    /// Whether only maintenance was asked for (`--check`, `--rebuild`, `--forget`, `--list-roots`): then no
    /// path is needed.
    var isMaintenance: Bool { check || rebuild || !forget.isEmpty || listRoots }

    mutating func finish(positionals: [String]) throws {
        if positionals.contains("") { throw UsageError("an empty path is no folder or file to index; name one, e.g. `notes-index ~/notes`") }
        paths = positionals
        if watch {
            #if !os(Linux)
            throw UsageError("--watch is supported on Linux only (it uses inotify); on this system, re-run notes-index instead (for example from cron)")
            #endif
            if paths.isEmpty { throw UsageError("--watch needs the folders to watch, e.g. `notes-index --watch ~/notes`") }
        }
        if paths.isEmpty && !isMaintenance {
            throw UsageError("no folders or files to index; name at least one, e.g. `notes-index ~/notes` (see --help)")
        }
        if quiet && verbose { throw UsageError.excluding("-q", "-v") }
    }

    /// The options of `notes-index`, in `--help` order.
    static let table = OptionTable<IndexOptions>([
        .value(["--db"], "PATH", help: "index file (default: $NOTES_DB, else $XDG_DATA_HOME/notes-fts/notes.sqlite)") {
            guard !$1.isEmpty else { throw UsageError.emptyDatabasePath }
            $0.database = $1
        },
        .flag(["--check"], help: "verify the index (SQLite and FTS5 integrity checks); exit 0 if both pass") { $0.check = true },
        .flag(["--rebuild"], help: "rebuild the full-text index from the notes table, in one transaction") { $0.rebuild = true },
        .value(["--tokenizer"], "NAME", help: "cjk (Korean, Chinese, Japanese by substring; the default for a new index) or unicode61 (whole words only); the index keeps its choice, a change rebuilds it",
               choices: ["cjk", "unicode61"]) {
            switch $1.lowercased() {
            case "cjk": $0.tokenizer = .cjk
            case "unicode61": $0.tokenizer = .unicode61
            default: throw UsageError("--tokenizer takes cjk or unicode61, not '\($1)'")
            }
        },
        .value(["--exclude"], "GLOB", help: "leave out files and folders matching GLOB (gitignore syntax, anchored at each PATH; repeatable)") {
            guard !$1.isEmpty else { throw UsageError("--exclude needs a glob, e.g. --exclude 'archive/'") }
            $0.walk.excludes.append($1)
        },
        .flag(["--no-ignore"], help: "do not read .gitignore, .ignore and .notesignore files") { $0.walk.readsIgnoreFiles = false },
        .flag(["-L", "--follow"], help: "follow symbolic links below each PATH (a link back to a folder above it is reported)") {
            $0.walk.followsLinks = true
        },
        .flag(["--watch"], help: "after indexing, keep the index up to date as files change, until Ctrl-C (Linux only)") {
            $0.watch = true
        },
        .value(["--forget"], "PATH", help: "remove the notes of PATH (a root, or any file or folder in the index; repeatable)") {
            // An empty path would be made the current folder, and forget everything below it.
            guard !$1.isEmpty else { throw UsageError("--forget needs a path, not an empty one") }
            $0.forget.append($1)
        },
        .flag(["--list-roots"], help: "list the files and folders indexed, with their file and note counts") { $0.listRoots = true },
        .value(["--map"], "FIELD=KEY,...", help: "read JSON notes with these keys, e.g. title=headline,body=content.text,tags=labels[].name,created=ts (fields: title, body, tags, created, modified; a missing key is an error unless its path ends with ?)") {
            do {
                $0.fieldMap = try JSONFieldMap($1)
            } catch let error as NoteReadError {
                throw UsageError(error.reason)
            }
        },
        .flag(["-q", "--quiet"], help: "print warnings only, no summary line") { $0.quiet = true },
        .flag(["-v", "--verbose"], help: "also name each file that is not a note and each path an ignore rule leaves out") {
            $0.verbose = true
        },
        .generate,
        .help,
        .version,
    ])
}
