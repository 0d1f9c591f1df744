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
    /// `--map`: where JSON exports keep their note fields.
    var fieldMap: JSONFieldMap?
    /// The files and folders to index.
    var paths: [String] = []

    /// Whether `--check` or `--rebuild` was asked for (then no path is needed).
    var isMaintenance: Bool { check || rebuild }

    mutating func finish(positionals: [String]) throws {
        paths = positionals
        if paths.isEmpty && !isMaintenance {
            throw UsageError("no folders or files to index; name at least one, e.g. `notes-index ~/notes` (see --help)")
        }
    }

    /// The options of `notes-index`, in `--help` order.
    static let table = OptionTable<IndexOptions>([
        .value(["--db"], "PATH", help: "index file (default: $NOTES_DB, else $XDG_DATA_HOME/notes-fts/notes.sqlite)") {
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
        .value(["--map"], "FIELD=KEY,...", help: "read JSON notes with these keys, e.g. title=headline,body=content.text,tags=labels[].name,created=ts (fields: title, body, tags, created, modified; a missing key is an error unless its path ends with ?)") {
            do {
                $0.fieldMap = try JSONFieldMap($1)
            } catch let error as NoteReadError {
                throw UsageError(error.reason)
            }
        },
        .flag(["-q", "--quiet"], help: "print warnings only, no summary line") { $0.quiet = true },
        .generate,
        .help,
        .version,
    ])
}
