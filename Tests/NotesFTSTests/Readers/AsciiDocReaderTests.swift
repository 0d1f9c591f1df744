import Testing
@testable import NotesFTS

@Suite struct AsciiDocReaderTests {
    @Test func sampleHasDocumentTitleKeywordsAndRevisionDate() throws {
        let note = try Samples.note("asciidoc/on-call-runbook.adoc")
        #expect(note.title == "On-call runbook")
        #expect(note.tags == ["ops", "on-call"])
        #expect(note.body.contains("acknowledge within five minutes"))
        #expect(Samples.stamp(note.created) == "2024-05-14T00:00:00Z")
    }

    @Test func attributesGiveDatesAndASectionTitlesAHeaderlessFile() {
        let note = AsciiDocReader.note(text: ":revdate: 2024-05-14\n\n== Rollback\n\nsteps", path: "/x/a.adoc")
        #expect(note.title == "Rollback")
        #expect(Samples.stamp(note.created) == "2024-05-14T00:00:00Z")
    }
}
