import NotesCLI
import NotesFTS

extension IndexCommand {
    /// `--forget PATH`: removes the notes at or below `path`; returns `false` (and says so) when the index
    /// held nothing there. With `quiet` (`-q`), says nothing when it did remove notes.
    static func forget(_ path: String, in index: NoteIndex, quiet: Bool) throws -> Bool {
        let root = PathNormalization.absolute(path)
        let removed = try index.forget(root)
        if removed.files == 0 && removed.notes == 0 && removed.roots == 0 {
            CommandLineTool.printError(name, "nothing indexed at or below \(root); see `notes-index --list-roots`")
            return false
        }
        if !quiet { Terminal.writeErrorLine("\(name): forgot \(root): \(removed.notes) notes from \(removed.files) files removed") }
        return true
    }

    /// `--list-roots`: one line per recorded root on stdout: `PATH<TAB>N files<TAB>N notes<TAB>indexed TIME`.
    static func listRoots(_ index: NoteIndex) throws {
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
            CommandLineTool.printError(name, "nothing indexed in \(index.path) yet; index a folder first, e.g. `notes-index ~/notes`")
        }
    }
}
