import NotesFTS
import Testing
@testable import NotesCLI

@Suite struct IndexLocationTests {
    @Test(arguments: [
        ("/x/explicit.sqlite", ["NOTES_DB": "/env.sqlite"], "/x/explicit.sqlite"),
        (nil, ["NOTES_DB": "/env.sqlite", "XDG_DATA_HOME": "/xdg"], "/env.sqlite"),
        (nil, ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"], "/xdg/notes-fts/notes.sqlite"),
        (nil, ["HOME": "/home/u"], "/home/u/.local/share/notes-fts/notes.sqlite"),
        (nil, ["XDG_DATA_HOME": "relative/ignored", "HOME": "/home/u"], "/home/u/.local/share/notes-fts/notes.sqlite"),
        ("~/n.sqlite", ["HOME": "/home/u"], "/home/u/n.sqlite"),
        (nil, ["NOTES_DB": "", "HOME": "/h"], "/h/.local/share/notes-fts/notes.sqlite"),
        ("x", [:], "./x"),
        ("x/", [:], "./x/"),
        ("notes/index.sqlite", [:], "./notes/index.sqlite"),
        ("../index.sqlite", [:], "../index.sqlite"),
        (nil, ["NOTES_DB": "-"], "./-"),
    ] as [(String?, [String: String], String)])
    func resolves(explicit: String?, environment: [String: String], expected: String) {
        #expect(IndexLocation.resolve(explicit: explicit, environment: environment) == expected)
    }

    /// Where the path came from, which messages name: --db, NOTES_DB (when set and not empty), or the default.
    @Test(arguments: [
        ("/x.sqlite", ["NOTES_DB": "/env.sqlite"], NotesFTSError.IndexNaming.option),
        (nil, ["NOTES_DB": "/env.sqlite"], .environment),
        (nil, ["NOTES_DB": "", "HOME": "/h"], .defaultLocation),
        ("", ["HOME": "/h"], .defaultLocation),
    ] as [(String?, [String: String], NotesFTSError.IndexNaming)])
    func namesWhereThePathCameFrom(explicit: String?, environment: [String: String], expected: NotesFTSError.IndexNaming) {
        #expect(IndexLocation.naming(explicit: explicit, environment: environment) == expected)
    }
}
