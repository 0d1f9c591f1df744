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

    @Test(arguments: [
        ("Some intro text about deploys.\n\n----\n= not a title, a line inside a listing block\n----\n", "Some intro text about deploys."),
        ("....\n= literal\n....\n\n== Real section", "Real section"),
        ("====\n== example\n====\n****\n== sidebar\n****\n++++\n= pass\n++++\n____\n= quote\n____\n\n= Title", "Title"),
        ("////\n= commented out\n:revdate: 2020-01-01\n////\n```\n# fenced\n```\n|===\n= cell\n|===\ntext", "text"),
        ("------\n= long delimiter\n------\n----\n= the long one is closed\n----\n", "a"),
        (":tags: ops\n// a comment\n[NOTE]\nFirst text line", "First text line"),
        (".Block title\n[source]\n----\ncode\n----\nText after the block", "Text after the block"),
        ("... an ellipsis opens the text", "... an ellipsis opens the text"),
        ("--\n= Open block title?\n:revdate: 2020-01-01\n--\n\n== Section after", "Section after"),
        ("[source]\n--\n= inside\n--  \n--- not a delimiter\n\n== Section", "Section"),
    ])
    func delimitedBlocksHoldNoTitles(text: String, title: String) {
        let note = AsciiDocReader.note(text: text, path: "/x/a.adoc")
        #expect(note.title == title)
        #expect(note.created == nil)
    }
}
