import Testing
@testable import NotesFTS

@Suite struct RestructuredTextReaderTests {
    @Test func sampleHasOverlinedTitleFieldsAndDates() throws {
        let note = try Samples.note("restructuredtext/release-process.rst")
        #expect(note.title == "Release process")
        #expect(note.tags == ["work", "releases"])
        #expect(Samples.stamp(note.created) == "2024-04-02T00:00:00Z")
        #expect(Samples.stamp(note.modified) == "2024-04-09T14:30:00Z")
        #expect(note.body.contains("Freeze merges on Tuesday."))
    }

    @Test(arguments: [
        ("Intro text\n\nInstall\n-------\nsteps", "Install"),
        ("----\n\nTransition only, then text", "Transition only, then text"),
        ("Short\n==\nunderline too short for an adornment", "Short"),
        ("Title\n=====\n", "Title"),
    ])
    func sectionTitles(text: String, title: String) {
        #expect(RestructuredTextReader.note(text: text, path: "/x/a.rst").title == title)
    }

    @Test(arguments: [
        (":tags: ops\n:date: 2024-05-01\n\nJust a paragraph of notes about the pager rota.", "Just a paragraph of notes about the pager rota."),
        (":abstract: A field\n    whose body goes on\n\nFirst paragraph", "First paragraph"),
        (".. comment line\n   more comment\n\n.. note::\n\n   Note body\n\nText", "Text"),
        (":ref:`target` starts this paragraph", ":ref:`target` starts this paragraph"),
        (":tags: only fields", "a"),
    ])
    func fieldsAndMarkupAreNotTitles(text: String, title: String) {
        #expect(RestructuredTextReader.note(text: text, path: "/x/a.rst").title == title)
    }
}
