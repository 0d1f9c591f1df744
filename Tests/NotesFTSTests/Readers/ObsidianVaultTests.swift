import Testing
@testable import NotesFTS

@Suite struct ObsidianVaultTests {
    @Test func aliasesAreReadAndANoteWithoutHeadingIsNamedByItsFile() throws {
        let project = try Samples.note("obsidian/Projects/Search engine.md")
        #expect(project.title == "Search engine")
        #expect(project.aliases == ["FTS project", "Grep replacement"])
        #expect(project.tags == ["projects"])
        #expect(try Samples.note("obsidian/Inbox/Quick thought.md").title == "Quick thought")
    }

    @Test func outsideAVaultTheFirstLineStillNamesTheNote() {
        #expect(ObsidianVault.contains(Samples.path("obsidian/Inbox/Quick thought.md")))
        #expect(!ObsidianVault.contains(Samples.path("bear/Restaurants.md")))
        let note = TextNoteReader.note(text: "first line\nmore", path: Samples.path("bear/x.md"), isMarkdown: true, modified: nil)
        #expect(note.title == "first line")
    }

    @Test(arguments: [("aliases: one, two", ["one", "two"]), ("alias: solo", ["solo"]), ("aliases:\n  - a\n  - b", ["a", "b"])])
    func aliasForms(matter: String, aliases: [String]) {
        let (front, _) = FrontMatter.split("---\n\(matter)\n---\nbody")
        #expect(front.aliases == aliases)
    }
}
