import Foundation
import NotesCLI

/// The PATH arguments (and `--forget`'s), checked before the index is opened.
extension IndexCommand {
    /// Throws when a relative PATH or `--forget` PATH is given but the current folder cannot be named (it was
    /// deleted after the shell entered it): Foundation then answers "" for it, so `.` was taken for `/`, and
    /// `notes-index --forget .` forgot the whole index, `notes-index .` walked the whole file system.
    static func refuseRelativePathsWithoutCurrentFolder(_ options: IndexOptions) throws {
        guard let relative = (options.paths + options.forget).first(where: { !$0.hasPrefix("/") }),
              !FileManager.default.currentDirectoryPath.hasPrefix("/") else { return }
        throw CommandFailure("the current folder no longer exists (deleted?), so '\(relative)' names nothing; "
                             + "give the path in full (from /) or run notes-index from an existing folder")
    }

    /// Throws when no PATH exists (each a missing file or folder, or below one that is not a folder), before
    /// the index is opened: nothing could be done (exit 2), and no index file is created for a mistyped path.
    /// When only some are missing, the run goes on and the indexer names each skipped one (exit 1).
    /// `--watch` is left to wait for its PATHs to appear.
    static func refuseIfEveryPathIsMissing(_ options: IndexOptions) throws {
        guard !options.watch, !options.paths.isEmpty else { return }
        var missing: [String] = []
        for path in options.paths {
            var info = stat()
            guard stat(path, &info) != 0, errno == ENOENT || errno == ENOTDIR else { return }
            missing.append(path)
        }
        let names = missing.map { "'\($0)'" }.joined(separator: ", ")
        throw CommandFailure("no such file or folder: \(names); nothing was indexed (check the path\(missing.count == 1 ? "" : "s"))")
    }
}
