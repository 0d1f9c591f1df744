import NotesCLI
import NotesFTS

extension IndexCommand {
    /// `--forget PATH`: removes the notes at or below `path`; returns `false` (and says so) when the index
    /// held nothing there. With `quiet` (`-q`), says nothing when it did remove notes. Suggested commands
    /// name the index as `naming` says.
    static func forget(_ path: String, in index: NoteIndex, quiet: Bool, naming: NotesFTSError.IndexNaming) throws -> Bool {
        let root = PathNormalization.absolute(path)
        let removed = try index.forget(root)
        if removed.files == 0 && removed.notes == 0 && removed.roots == 0 {
            CommandLineTool.printError(name, "nothing indexed at or below \(root); see `\(naming.command(index.path, "--list-roots"))`")
            return false
        }
        if !quiet { Terminal.writeErrorLine("\(name): forgot \(root): \(removed.notes) notes from \(removed.files) files removed") }
        return true
    }

    /// `--list-roots`: one line per recorded root on stdout: `PATH<TAB>N files<TAB>N notes<TAB>indexed TIME`.
    /// Suggested commands name the index as `naming` says.
    static func listRoots(_ index: NoteIndex, naming: NotesFTSError.IndexNaming) throws {
        let roots = try index.roots()
        let onTerminal = Terminal.isTerminal(1)
        for root in roots {
            let line = "\(root.path)\t\(root.files) files\t\(root.notes) notes\tindexed \(root.indexedAt)"
            // On a terminal a folder's name cannot drive it (escaped as notes-find's paths are); to a pipe, as is.
            print(onTerminal ? TerminalEscape.escaped(line) : line)
        }
        let outside = try index.unrootedFileCount()
        if outside > 0 {
            CommandLineTool.printError(name, "\(outside) files were indexed before roots were recorded; run notes-index on their folders once to list them")
        } else if roots.isEmpty {
            CommandLineTool.printError(name, "nothing indexed in \(index.path) yet; index a folder first, e.g. `\(naming.command(index.path, "~/notes"))`")
        }
    }
}
