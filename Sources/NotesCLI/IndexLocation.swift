import Foundation

/// Where the index file lives: `--db PATH`, else `$NOTES_DB`, else `$XDG_DATA_HOME/notes-fts/notes.sqlite`
/// (with `XDG_DATA_HOME` defaulting to `~/.local/share`).
public enum IndexLocation {
    /// Resolves the index path from an explicit option and the environment.
    ///
    /// ```swift
    /// IndexLocation.resolve(explicit: nil, environment: ["NOTES_DB": "/tmp/n.sqlite"]) // "/tmp/n.sqlite"
    /// ```
    public static func resolve(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return expandTilde(explicit, environment: environment) }
        if let fromEnvironment = environment["NOTES_DB"], !fromEnvironment.isEmpty {
            return expandTilde(fromEnvironment, environment: environment)
        }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = home(environment) + "/.local/share"
        }
        return dataHome + "/notes-fts/notes.sqlite"
    }

    private static func home(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return NSHomeDirectory()
    }

    private static func expandTilde(_ path: String, environment: [String: String]) -> String {
        if path == "~" { return home(environment) }
        if path.hasPrefix("~/") { return home(environment) + path.dropFirst() }
        return path
    }
}
