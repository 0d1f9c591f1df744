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

    /// An export of thousands of notes, with text beyond ASCII before and inside the markup, gives every note
    /// with its title, tags and line (the elements are found on the UTF-8 bytes; Foundation's search over the
    /// rest of the file at every note made 4,000 notes take 8.4 s, 2.0 s now).
    @Test func manyNotesWithTextBeyondASCIIAreEachRead() throws {
        let count = 3_000
        let notes = (0..<count).map { number in
            "<note><title>Café 한국 \(number)</title><content><![CDATA[<en-note>é \(number) ü</en-note>]]></content>"
                + "<tag>태그\(number % 3)</tag><tag>ß</tag>\(number % 10 == 0 ? "<deleted>20240101T000000Z</deleted>" : "")</note>"
        }
        let text = "<en-export>\n" + notes.joined(separator: "\n") + "\n</en-export>"
        let read = try EvernoteReader.notes(text: text, path: "/x/a.enex")
        let kept = (0..<count).filter { $0 % 10 != 0 }
        #expect(read.map(\.title) == kept.map { "Café 한국 \($0)" })
        #expect(read.map(\.tags) == kept.map { ["태그\($0 % 3)", "ß"] })
        #expect(read.map(\.body) == kept.map { "é \($0) ü" })
        #expect(read.map(\.line) == kept.map { $0 + 2 })
    }
}
