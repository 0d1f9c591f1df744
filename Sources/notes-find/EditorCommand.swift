import Foundation
import NotesCLI

/// The command `--open` runs: the user's editor (`$VISUAL`, else `$EDITOR`) on a file at a line, with the
/// line argument its family understands: `+LINE FILE` for the vi family, Emacs, nano, Helix and Kakoune,
/// `-g FILE:LINE` for VS Code and its kin, the file alone for editors not known to take a line.
struct EditorCommand: Equatable {
    /// The words of the command: the editor's own words (`code -w`), then the arguments.
    var arguments: [String]

    private static let plusLineEditors: Set<String> = [
        "vi", "vim", "nvim", "gvim", "mvim", "view", "vis", "elvis", "nvi", "emacs", "emacsclient", "nano", "pico",
        "hx", "helix", "kak", "micro", "joe", "mg", "jed",
    ]
    private static let gotoEditors: Set<String> = ["code", "code-insiders", "codium", "vscodium", "cursor", "windsurf"]

    /// The command for `path` at `line`, from `environment`; `nil` when neither `VISUAL` nor `EDITOR` is set.
    init?(path: String, line: Int, environment: [String: String]) {
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let words = editor?.split(separator: " ").map(String.init), let program = words.first else { return nil }
        let name = (program as NSString).lastPathComponent
        if Self.plusLineEditors.contains(name) {
            arguments = words + ["+\(line)", path]
        } else if Self.gotoEditors.contains(name) {
            arguments = words + ["-g", "\(path):\(line)"]
        } else {
            arguments = words + [path]
        }
    }

    /// The command as a shell would read it (words with spaces or quotes single-quoted).
    var displayed: String {
        arguments.map { word in
            word.allSatisfy({ $0.isLetter || $0.isNumber || "+-_./:=@,".contains($0) }) && !word.isEmpty
                ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }

    /// Runs the command with the terminal attached (found on `PATH` through `/usr/bin/env`) and returns its
    /// exit status.
    func run() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        do {
            try process.run()
        } catch {
            throw CommandFailure("cannot run the editor '\(arguments[0])': \(error.localizedDescription); set VISUAL or EDITOR to an editor on your PATH", status: 2)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
