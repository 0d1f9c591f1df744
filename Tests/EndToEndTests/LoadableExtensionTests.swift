import Foundation
import Testing

/// Acceptance 4 of issue 4: the stock sqlite3 shell, with libNotesFTSExtension loaded, answers the same
/// count as notes-find. Skipped where sqlite3 is not installed or the extension was not built.
@Suite struct LoadableExtensionTests {
    static let sqlite3: String? = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The extension beside the test bundle (`swift build` / `swift test` leave it there), without suffix.
    static let extensionPath: String? = {
        for suffix in ["so", "dylib"] {
            let path = KoreanCommandRunner.productsDirectory + "/libNotesFTSExtension." + suffix
            if FileManager.default.fileExists(atPath: path) { return KoreanCommandRunner.productsDirectory + "/libNotesFTSExtension" }
        }
        return nil
    }()

    @Test(.enabled(if: sqlite3 != nil && extensionPath != nil, "needs the sqlite3 shell and the built extension"))
    func sqlite3ShellCountsWhatTheLibraryFinds() throws {
        let runner = KoreanCommandRunner()
        defer { runner.cleanUp() }
        try runner.write("1.txt", "국회의원은 법률안을 제출할 수 있다\n")
        try runner.write("2.txt", "국회에서 논의했다\n")
        try runner.write("3.txt", "국민의 의견\n")
        try runner.write("4.txt", "The catalog was updated\n")
        #expect(try runner.run("notes-index", ["--db", runner.database, runner.folder + "/notes"]).status == 0)
        let shell = try #require(Self.sqlite3)
        let library = try #require(Self.extensionPath)
        for (match, query) in [("국회", "국회"), ("국*", "국"), ("의원", "의원"), ("catalog", "catalog"), ("log", "log")] {
            let (status, stdout) = try runner.run(shell, [
                runner.database, "-cmd", ".load \(library)",
                "SELECT count(*) FROM notes_fts WHERE notes_fts MATCH '\(match)'",
            ])
            #expect(status == 0, "sqlite3 failed for \(match)")
            let found = try runner.run("notes-find", ["--db", runner.database, "--count", query]).stdout
            #expect(stdout.trimmingCharacters(in: .whitespacesAndNewlines) == found.trimmingCharacters(in: .whitespacesAndNewlines),
                    "MATCH '\(match)' in sqlite3 vs notes-find \(query)")
        }
        // The fixed highlighter is there too.
        let (_, marked) = try runner.run(shell, [
            runner.database, "-cmd", ".load \(library)",
            "SELECT notes_highlight(notes_fts, 1, '[', ']') FROM notes_fts WHERE notes_fts MATCH '국회 OR 회의' ORDER BY rowid",
        ])
        #expect(marked.contains("[국회의]원은"))
    }
}
