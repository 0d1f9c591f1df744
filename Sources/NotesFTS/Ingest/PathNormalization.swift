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

    /// `path` relative to `directory` when it lies below it, else `path` unchanged (for shorter output).
    package static func display(_ path: String, relativeTo directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        if path.hasPrefix(prefix) && path.count > prefix.count { return String(path.dropFirst(prefix.count)) }
        return path
    }
}
