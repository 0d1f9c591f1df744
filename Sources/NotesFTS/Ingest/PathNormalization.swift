import Foundation

/// Lexical path clean-up: absolute, no `.` or `..` components, no trailing slash. Symbolic links are kept
/// as named, so the index stores the paths the user sees.
package enum PathNormalization {
    /// `path` made absolute against `currentDirectory` and cleaned.
    package static func absolute(_ path: String, currentDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        let joined = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var parts: [Substring] = []
        for component in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(component)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The folder holding `path`, lexically: what comes before its last `/` (trailing slashes ignored), `/` for
    /// a name at the root, and "" for a bare name (`x`: the current folder). Foundation's
    /// `NSString.deletingLastPathComponent` traps on one-character names such as `x` and `-` (Swift 6.3 on
    /// Linux), so opening an index called `x` crashed an app.
    ///
    /// ```swift
    /// PathNormalization.parentFolder(of: "notes/index.sqlite")   // "notes"
    /// PathNormalization.parentFolder(of: "x")                    // ""
    /// ```
    package static func parentFolder(of path: String) -> String {
        var end = path.utf8.endIndex
        while end > path.utf8.startIndex, path.utf8[path.utf8.index(before: end)] == UInt8(ascii: "/") {
            end = path.utf8.index(before: end)
        }
        if end == path.utf8.startIndex { return path.isEmpty ? "" : "/" }
        guard var slash = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) else { return "" }
        while slash > path.utf8.startIndex, path.utf8[path.utf8.index(before: slash)] == UInt8(ascii: "/") {
            slash = path.utf8.index(before: slash)
        }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` relative to `directory` when it lies below it, else `path` unchanged (for shorter output).
    package static func display(_ path: String, relativeTo directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        if path.hasPrefix(prefix) && path.count > prefix.count { return String(path.dropFirst(prefix.count)) }
        return path
    }
}
