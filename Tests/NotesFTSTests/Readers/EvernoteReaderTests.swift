import Foundation
import Testing
@testable import NotesFTS

@Suite struct EvernoteReaderTests {
    @Test func sampleExportGivesEachNoteWithTitleTextTagsAndDates() throws {
        let notes = try Samples.notes("evernote/Travel.enex")
        #expect(notes.map(\.title) == ["Kyoto itinerary", "Packing list"])
        #expect(notes[0].body.contains("Fushimi Inari at sunrise, then the ryokan check-in."))
        #expect(notes[0].body.contains("Book the tea ceremony & kaiseki dinner"))
        #expect(!notes[0].body.contains("iVBORw0KGgo") && !notes[0].body.contains("<div>"))
        #expect(notes[0].tags == ["travel", "japan 2024"])
        #expect(Samples.stamp(notes[0].created) == "2024-01-31T09:30:00Z")
        #expect(Samples.stamp(notes[0].modified) == "2024-02-02T18:15:00Z")
        #expect(notes.map(\.line) == [4, 23])
        #expect(notes[1].body == "passport\nrail pass voucher")
    }

    @Test func deletedNotesAreLeftOutAndEscapedContentIsRead() throws {
        let text = """
            <en-export><note><title>Kept &amp; read</title><content>&lt;en-note&gt;&lt;div&gt;plain &amp;amp; simple&lt;/div&gt;&lt;/en-note&gt;</content></note>
            <note><title>Gone</title><content>x</content><deleted>20240101T000000Z</deleted></note></en-export>
            """
        let notes = try EvernoteReader.notes(text: text, path: "/x/a.enex")
        #expect(notes.map(\.title) == ["Kept & read"])
        #expect(notes[0].body == "plain & simple")
    }

    @Test(arguments: ["<html><body>not evernote</body></html>", "<en-export><note><title>open"])
    func malformedExportsAreRefusedWithAReason(text: String) {
        #expect(throws: NoteReadError.self) { try EvernoteReader.notes(text: text, path: "/x/a.enex") }
    }
}
