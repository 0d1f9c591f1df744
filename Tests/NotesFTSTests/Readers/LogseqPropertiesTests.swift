import Testing
@testable import NotesFTS

@Suite struct LogseqPropertiesTests {
    @Test func pagePropertiesGiveTitleTagsAndAliases() throws {
        let note = try Samples.note("logseq/pages/Reading list.md")
        #expect(note.title == "Reading list")
        #expect(note.tags == ["books", "sci fi", "autumn"])
        #expect(note.aliases == ["to-read"])
    }

    @Test func journalPagesAreNamedAndDatedByTheirDay() throws {
        let path = Samples.path("logseq/journals/2024_01_31.md")
        var note = try Samples.note("logseq/journals/2024_01_31.md")
        #expect(note.title == "2024-01-31")
        FileDates(path: path, modified: nil).complete(&note)
        #expect(Samples.stamp(note.created) == "2024-01-31T00:00:00Z")
        #expect(note.createdFrom == .fileName)
    }

    @Test(arguments: [
        ("- title:: Block form\n  tags:: a", ["title": "Block form", "tags": "a"]),
        ("plain text:: not at the start", [:]),
        ("title:: x\n\nbody:: later", ["title": "x"]),
    ])
    func propertiesOnlyAtTheTop(text: String, values: [String: String]) {
        #expect(LogseqProperties(Substring(text)).values == values)
    }

    @Test(arguments: [
        ("- invalid date page\n- more", "invalid date page"),
        ("-\n", "2024_02_30"),
        ("plain first line", "plain first line"),
    ])
    func aJournalPageWhoseNameIsNoDateIsNamedByItsFirstBlock(text: String, title: String) {
        let note = TextNoteReader.note(text: text, path: "/x/journals/2024_02_30.md", isMarkdown: true, modified: nil)
        #expect(note.title == title)
    }

    /// Only a Markdown page named by just its day is titled by it: other dated files in a `journals` folder
    /// keep their heading or first line (they were all titled by the date in their names).
    @Test(arguments: [
        ("/x/journals/2024-04-05 release notes.md", true, "# Shipped v2\nDetails\n", "Shipped v2"),
        ("/x/journals/20240406 standup.txt", false, "standup text\n", "standup text"),
        ("/x/journals/2024_04_07.txt", false, "- plain text\n", "- plain text"),
        ("/x/journals/2024_04_08 meeting.md", true, "- first block\n", "first block"),
        ("/x/journals/2024_04_09.md", true, "# Heading\n", "2024-04-09"),
        ("/x/journals/2024-04-10.md", true, "text\n", "2024-04-10"),
        ("/x/journals/20240411.md", true, "text\n", "2024-04-11"),
        ("/x/journals/2024_04-12.md", true, "text\n", "text"),
    ])
    func onlyAPageNamedByADayIsTitledByIt(path: String, isMarkdown: Bool, text: String, title: String) {
        #expect(TextNoteReader.note(text: text, path: path, isMarkdown: isMarkdown, modified: nil).title == title)
    }

    /// Logseq also writes its pages as org-mode: a journal page saved as `.org` and named by its day is titled
    /// by it as the Markdown one is (it took its first block's heading); `#+TITLE:` still names it, and an
    /// org file in a `journals` folder not named by just a day keeps its heading.
    @Test(arguments: [
        ("/x/journals/2024_03_01.org", "* Met Ana about the grant\n** follow up\n", "2024-03-01"),
        ("/x/journals/2024-03-02.org", "plain first line\n", "2024-03-02"),
        ("/x/journals/20240303.org", "", "2024-03-03"),
        ("/x/journals/2024_03_04.org", "#+TITLE: Named day\n* Block\n", "Named day"),
        ("/x/journals/2024_03_05 retro.org", "* Retro notes\n", "Retro notes"),
        ("/x/pages/2024_03_06.org", "* Page heading\n", "Page heading"),
    ])
    func anOrgJournalPageIsTitledByItsDay(path: String, text: String, title: String) {
        #expect(OrgModeReader.note(text: text, path: path).title == title)
    }
}
