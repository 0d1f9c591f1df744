extension NotesFTSError {
    /// How a message's advice names the index: where its path came from decides which words choose it on a
    /// `notes-index` command line (none for the default location) and what to change for another one.
    ///
    /// ```swift
    /// NotesFTSError.IndexNaming.option.command("with space.sqlite", "--check")
    /// // notes-index --db 'with space.sqlite' --check
    /// NotesFTSError.IndexNaming.defaultLocation.command("/home/a/.local/share/notes-fts/notes.sqlite", "FOLDER")
    /// // notes-index FOLDER
    /// ```
    public enum IndexNaming: Sendable, Equatable {
        /// The path was given with `--db`.
        case option
        /// The path came from the `NOTES_DB` environment variable.
        case environment
        /// The default location (`$XDG_DATA_HOME/notes-fts/notes.sqlite`).
        case defaultLocation

        /// A `notes-index` command for the index at `path`, ending in `rest`, that can be pasted into a shell.
        public func command(_ path: String, _ rest: String) -> String {
            self == .defaultLocation ? "notes-index \(rest)" : "notes-index --db \(Self.shellQuoted(path)) \(rest)"
        }

        /// What to do to use another index.
        public var chooseAnother: String {
            switch self {
            case .option: return "choose another --db path"
            case .environment: return "set NOTES_DB to another path (or give --db)"
            case .defaultLocation: return "choose another path with --db"
            }
        }

        /// `text` as one shell word: bare when made only of characters no shell reads specially, else in
        /// single quotes, each `'` inside written `'"'"'` (not `'\''`: messages show a backslash doubled, as
        /// `TerminalEscape` in NotesCLI does, and the doubled one would not paste).
        public static func shellQuoted(_ text: String) -> String {
            let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+,:@%".unicodeScalars.contains(scalar))
            }
            return plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\"'\"'") + "'"
        }
    }
}
