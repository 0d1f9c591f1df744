import Testing
@testable import NotesFTS

@Suite struct NotionExportTests {
    private let page = "notion/Export-3f2a/Team wiki 8e1c2d3f4a5b6c7d8e9f0a1b2c3d4e5f/Onboarding checklist 0a1b2c3d4e5f60718293a4b5c6d7e8f9.md"

    @Test func propertyLinesGiveTagsAndDates() throws {
        let note = try Samples.note(page)
        #expect(note.title == "Onboarding checklist")
        #expect(note.tags == ["people", "process"])
        #expect(Samples.stamp(note.created) == "2024-03-04T09:30:00Z")
        #expect(Samples.stamp(note.modified) == "2024-03-06T16:05:00Z")
    }

    @Test(arguments: [
        ("Team wiki 8e1c2d3f4a5b6c7d8e9f0a1b2c3d4e5f", "Team wiki"),
        ("Team wiki", "Team wiki"),
        ("Plan 8E1C2D3F4A5B6C7D8E9F0A1B2C3D4E5F", "Plan 8E1C2D3F4A5B6C7D8E9F0A1B2C3D4E5F"),
        ("x8e1c2d3f4a5b6c7d8e9f0a1b2c3d4e5f", "x8e1c2d3f4a5b6c7d8e9f0a1b2c3d4e5f"),
    ])
    func idsAreStrippedFromNames(name: String, stripped: String) {
        #expect(NotionExport.strippingID(name) == stripped)
    }

    @Test func propertyLinesAreReadOnlyInNotionExports() {
        let note = TextNoteReader.note(text: "# Plan\n\nTags: not, notion\n", path: "/x/Plan.md", isMarkdown: true, modified: nil)
        #expect(note.tags.isEmpty)
        let untitled = TextNoteReader.note(text: "", path: "/x/Idea 8e1c2d3f4a5b6c7d8e9f0a1b2c3d4e5f.md", isMarkdown: true, modified: nil)
        #expect(untitled.title == "Idea")
    }
}
