import CSQLite
import Testing
@testable import NotesFTS
@testable import SQLiteKit

/// The advice in messages names the index as it was chosen, in commands that can be pasted into a shell.
@Suite struct IndexNamingTests {
    @Test(arguments: [
        ("/x/notes.sqlite", "/x/notes.sqlite"),
        ("./with space.sqlite", "'./with space.sqlite'"),
        ("./it's.sqlite", "'./it'\"'\"'s.sqlite'"),
        ("./$HOME;rm", "'./$HOME;rm'"),
        ("./a*b", "'./a*b'"),
        ("./café.sqlite", "'./café.sqlite'"),
        ("", "''"),
        ("'", "''\"'\"''"),
    ])
    func pathsAreShellQuotedOnlyWhenNeeded(path: String, quoted: String) {
        #expect(NotesFTSError.IndexNaming.shellQuoted(path) == quoted)
    }

    @Test func suggestedCommandsQuoteThePathAndLeaveOutTheDefault() {
        let missing = NotesFTSError.indexNotFound(path: "./with space.sqlite")
        #expect(missing.message(naming: .option).contains("build one with `notes-index --db './with space.sqlite' FOLDER`"))
        #expect(missing.description == missing.message(naming: .option))
        let byDefault = NotesFTSError.indexNotFound(path: "/h/.local/share/notes-fts/notes.sqlite")
        #expect(byDefault.message(naming: .defaultLocation).hasSuffix("build one with `notes-index FOLDER`"))
        let outdated = NotesFTSError.tokenizerOutdated(path: "/a b/n.sqlite", found: "x", current: "y")
        #expect(outdated.message(naming: .option).contains("run `notes-index --db '/a b/n.sqlite' --rebuild`"))
        #expect(outdated.message(naming: .defaultLocation).contains("run `notes-index --rebuild`"))
        let damaged = NotesFTSError.database(path: "/a b/n.sqlite", error: SQLiteError(code: SQLITE_CORRUPT, message: "bad"))
        #expect(damaged.message(naming: .environment).contains("run `notes-index --db '/a b/n.sqlite' --check`"))
    }

    @Test(arguments: [NotesFTSError.notAnIndex(path: "/n"), .notADatabase(path: "/n", detail: "d"),
                      .database(path: "/n", error: SQLiteError(code: SQLITE_READONLY, message: "ro"))])
    func anIndexFromNotesDbIsBlamedOnNotesDb(error: NotesFTSError) {
        #expect(error.message(naming: .environment).contains("set NOTES_DB to another path"))
        #expect(!error.message(naming: .environment).contains("choose another --db path"))
        #expect(error.message(naming: .option).contains("choose another --db path"))
    }
}
