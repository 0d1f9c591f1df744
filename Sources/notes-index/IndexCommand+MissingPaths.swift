import Foundation
import NotesCLI

extension IndexCommand {
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
