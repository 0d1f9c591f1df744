import Testing
@testable import NotesFTS

@Suite struct OrgModeReaderTests {
    @Test func sampleHasTitleFileTagsHeadingTagsAndDate() throws {
        let note = try Samples.note("org/garden.org")
        #expect(note.title == "Garden journal")
        #expect(note.tags == ["home", "garden", "seeds", "orchard"])
        #expect(Samples.stamp(note.created) == "2024-03-10T00:00:00Z")
        #expect(note.body.contains("San Marzano"))
    }

    @Test(arguments: [
        ("* TODO [#A] Call the plumber   :home:urgent:", "Call the plumber", ["home", "urgent"]),
        ("** Notes on :colons: in text", "Notes on :colons: in text", []),
        ("* Plain heading", "Plain heading", []),
    ])
    func headingsLoseKeywordPriorityAndTags(line: String, title: String, tags: [String]) {
        let (text, found) = OrgModeReader.heading(Substring(line))
        #expect(text == title)
        #expect(found == tags)
    }

    @Test func withoutTitleTheFirstHeadingNamesTheNote() {
        let note = OrgModeReader.note(text: "Some preamble\n* Weekly review :work:\nbody", path: "/x/w.org")
        #expect(note.title == "Weekly review")
        #expect(note.tags == ["work"])
    }
}
