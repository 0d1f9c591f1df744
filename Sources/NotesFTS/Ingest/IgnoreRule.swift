/// One line of a `.gitignore`, `.ignore` or `.notesignore` file (or one `--exclude` glob), with git's rules:
///
/// - blank lines and lines starting with `#` are not rules (`\#` starts a pattern with `#`);
/// - trailing spaces are dropped unless escaped (`\ `);
/// - `!` in front re-includes what an earlier rule excluded (`\!` starts a pattern with `!`);
/// - a trailing `/` matches folders only;
/// - a pattern with a `/` at the start or in the middle is anchored to the folder of its file;
///   without one it matches a name at any depth below that folder;
/// - the glob syntax is ``GlobPattern``'s.
package struct IgnoreRule: Sendable, Equatable {
    /// The glob, as matched against paths relative to the rule's folder.
    package let glob: GlobPattern
    /// `!pattern`: a match re-includes instead of excluding.
    package let isNegated: Bool
    /// `pattern/`: only folders match.
    package let matchesFoldersOnly: Bool
    /// Where the rule comes from, for `-v`: `path/.gitignore:3` or `--exclude`.
    package let origin: String
    /// The line as written (without trailing spaces).
    package let line: String

    /// Parses one line; `nil` for blank lines and comments.
    package init?(_ rawLine: Substring, origin: String) {
        var line = rawLine
        if line.hasSuffix("\r") { line = line.dropLast() }
        while line.hasSuffix(" ") && !line.hasSuffix("\\ ") { line = line.dropLast() }
        guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
        self.line = String(line)
        self.origin = origin
        var pattern = line
        isNegated = pattern.hasPrefix("!")
        if isNegated { pattern = pattern.dropFirst() }
        matchesFoldersOnly = pattern.hasSuffix("/")
        while pattern.hasSuffix("/") { pattern = pattern.dropLast() }
        guard !pattern.isEmpty else { return nil }
        let anchored = pattern.contains("/")
        while pattern.hasPrefix("/") { pattern = pattern.dropFirst() }
        guard !pattern.isEmpty else { return nil }
        glob = GlobPattern(anchored || pattern.hasPrefix("**/") ? String(pattern) : "**/" + pattern)
    }

    /// Whether the rule matches `relativePath` (relative to the rule's folder), a folder if `isFolder`.
    package func matches(_ relativePath: String, isFolder: Bool) -> Bool {
        if matchesFoldersOnly && !isFolder { return false }
        return glob.matches(relativePath)
    }

    /// The rules of a whole file's `text`, each tagged `origin:LINE`.
    package static func rules(in text: String, origin: String) -> [IgnoreRule] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            IgnoreRule(line, origin: "\(origin):\(number + 1)")
        }
    }
}
