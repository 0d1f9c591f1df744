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
                // A quote inside quotes as `'"'"'`: shell-pasteable, and no backslash for the terminal escaping
                // to double (`'\''` was shown as `'\\''`).
                ? word : "'" + word.replacingOccurrences(of: "'", with: "'\"'\"'") + "'"
        }.joined(separator: " ")
    }

    /// The file the editor's program is: its first word when that holds a `/` (a path), else the first
    /// executable file of that name in the folders of `PATH` (`/usr/bin:/bin` when unset), as a shell finds
    /// it. Throws the one-line failure when there is none, before anything is run or said.
    func executable(environment: [String: String]) throws -> String {
        let program = arguments[0]
        if program.contains("/") {
            if Self.isExecutableFile(program) { return program }
            let exists = FileManager.default.fileExists(atPath: program)
            throw cannotRun(exists ? "not an executable file" : "no such file")
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
        for folder in folders {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            if Self.isExecutableFile(candidate) { return candidate }
        }
        throw cannotRun("not found on PATH")
    }

    /// Runs `executable` (from ``executable(environment:)``) with the other words, the terminal attached, and
    /// returns its exit status.
    func run(_ executable: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        do {
            try process.run()
        } catch {
            // Foundation's error says little more (`NSCocoaErrorDomain error 256`).
            throw cannotRun("the system could not start it")
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func cannotRun(_ reason: String) -> CommandFailure {
        CommandFailure("cannot run the editor '\(arguments[0])': \(reason); set VISUAL or EDITOR to an editor on your PATH", status: 2)
    }

    /// Whether `path` is a file (not a folder) this process may execute.
    private static func isExecutableFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
            && access(path, X_OK) == 0
    }
}
