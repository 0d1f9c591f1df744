import Foundation
import NotesFTS

/// Where the index file lives: `--db PATH`, else `$NOTES_DB`, else `$XDG_DATA_HOME/notes-fts/notes.sqlite`
/// (with `XDG_DATA_HOME` defaulting to `~/.local/share`). A relative path is given a leading `./`
/// (`--db x` is `./x`): Foundation's `deletingLastPathComponent`, which opening an index uses, traps on a
/// one-character name (`x`, `-`, `x/`), and `./x` is the same file.
public enum IndexLocation {
    /// Resolves the index path from an explicit option and the environment.
    ///
    /// ```swift
    /// IndexLocation.resolve(explicit: nil, environment: ["NOTES_DB": "/tmp/n.sqlite"]) // "/tmp/n.sqlite"
    /// ```
    public static func resolve(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return anchored(expandTilde(explicit, environment: environment)) }
        if let fromEnvironment = environment["NOTES_DB"], !fromEnvironment.isEmpty {
            return anchored(expandTilde(fromEnvironment, environment: environment))
        }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = home(environment) + "/.local/share"
        }
        return dataHome + "/notes-fts/notes.sqlite"
    }

    /// Where ``resolve(explicit:environment:)`` takes the path from, for messages that name the index.
    ///
    /// ```swift
    /// IndexLocation.naming(explicit: nil, environment: ["NOTES_DB": "/tmp/n.sqlite"]) // .environment
    /// ```
    public static func naming(explicit: String?, environment: [String: String]) -> NotesFTSError.IndexNaming {
        if let explicit, !explicit.isEmpty { return .option }
        if let fromEnvironment = environment["NOTES_DB"], !fromEnvironment.isEmpty { return .environment }
        return .defaultLocation
    }

    private static func home(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return NSHomeDirectory()
    }

    /// `path` with `./` in front when it is relative and does not start with `./` or `../`.
    private static func anchored(_ path: String) -> String {
        path.hasPrefix("/") || path.hasPrefix("./") || path.hasPrefix("../") ? path : "./" + path
    }

    private static func expandTilde(_ path: String, environment: [String: String]) -> String {
        if path == "~" { return home(environment) }
        if path.hasPrefix("~/") { return home(environment) + path.dropFirst() }
        return path
    }
}
