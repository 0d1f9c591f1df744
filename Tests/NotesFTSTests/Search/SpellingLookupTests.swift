import Foundation
import Testing
import SQLiteKit
@testable import NotesFTS

/// The lookup through `spelling` rows of schema v8 (``Spelling/prefixMatches(_:distance:db:)``), and the
/// legacy lookup an index of schema v7 keeps until `notes-index` upgrades it.
@Suite struct SpellingLookupTests {
    private func makeIndex(_ bodies: [String]) throws -> NoteIndex {
        let index = try TestFolder().openIndex()
        for (number, body) in bodies.enumerated() {
            try index.save(Note(path: "/n/\(number).md", title: "Note \(number)", body: body))
        }
        return index
    }

    private func corrections(_ index: NoteIndex, _ text: String) throws -> [QueryCorrection] {
        try index.expand(QueryParser.parse(text)).corrections
    }

    @Test(arguments: [
        ("osurdough", "sourdough"),         // a swap in the first two letters
        ("suodrough", "sourdough"),         // two swaps inside the prefix
        ("xxitinerary", "itinerary"),       // two insertions in front
        ("itinerxxy", "itinerary"),         // two substitutions past the prefix
        ("supercalifragilisticexpialidociuos", "supercalifragilisticexpialidocious"),
        ("abcdefghijklmnopqrstuvwxyzabcdefghijklmn", "abcdefghijklmnopqrstuvwxyzabcdefghijklmx"),  // 40 letters
    ])
    func correctsEditsAnywhereInTheWord(typed: String, expected: String) throws {
        let index = try makeIndex(["Sourdough starter.", "Lisbon itinerary.", "supercalifragilisticexpialidocious",
                                   "abcdefghijklmnopqrstuvwxyzabcdefghijklmx"])
        #expect(try corrections(index, typed) == [QueryCorrection(typed: typed, replacement: expected)])
    }

    /// Hostile query words: too long to be a word, Korean, accented, digits: no correction, no error.
    @Test(arguments: [String(repeating: "sourdough", count: 1000), "abcdefghijklmnopqrstuvwxyzabcdefghijklmno",
                      "사워도우빵을", "sourd0ugh", "12345678901", "ŝóùrdôùgh"])
    func hostileWordsAreLookedUpSafely(typed: String) throws {
        let index = try makeIndex(["Sourdough starter.", "국회의원 회의록", "crème brûlée", "build 1234567890"])
        let found = try index.read { try Spelling.candidates(for: typed, within: 2, db: $0) }
        #expect(found.isEmpty)
        _ = try index.search(typed)
    }

    @Test func anAccentedTypoIsFoldedThenCorrected() throws {
        let index = try makeIndex(["Crème brûlée with sourdough."])
        #expect(try corrections(index, "sôurdugh") == [QueryCorrection(typed: "sourdugh", replacement: "sourdough")])
    }

    /// Words written note by note (``Vocabulary/learn(_:from:)``, rows appended to) are found like words of a
    /// full build.
    @Test func wordsLearnedNoteByNoteAreFound() throws {
        let index = try makeIndex(["sourdough"])
        try index.save(Note(path: "/n/late.md", title: "Later", body: "sourdoughs sourdougha"))
        let found = try index.read { try Spelling.candidates(for: "sourdoug", within: 1, db: $0) }
        #expect(found.map(\.term) == ["sourdough"])
        let far = try index.read { try Spelling.candidates(for: "sourdoughxx", within: 2, db: $0) }
        #expect(Set(far.map(\.term)) == ["sourdough", "sourdoughs", "sourdougha"])
    }

    /// An index of schema v7 searched read-only (no upgrade) corrects with its own table, the same as after
    /// `notes-index` upgraded it; the upgrade keeps every note and fills `spelling` once in the new format.
    @Test func aSchema7IndexCorrectsTheSameBeforeAndAfterItsUpgrade() throws {
        let folder = TestFolder()
        let path = try SchemaFixtures.copy(version: 7, into: folder)
        let queries = ["sourdugh", "programer", "groceires", "checklsit", "meetng"]
        let reader = try NoteIndex(path: path, mode: .readOnly)
        #expect(try reader.connection.userVersion == 7)
        let before = try queries.map { try corrections(reader, $0) }
        let suggestedBefore = try reader.suggestions(for: QueryParser.parse("soudrugh"))
        reader.close()
        #expect(before.flatMap { $0.map(\.replacement) } == ["sourdough", "programmer", "groceries", "checklist", "meeting"])

        let upgraded = try NoteIndex(path: path)
        #expect(try upgraded.connection.userVersion == SpellingKeys.schemaVersion)
        #expect(try upgraded.noteCount() == 6)
        #expect(try queries.map { try corrections(upgraded, $0) } == before)
        let suggestedAfter = try upgraded.suggestions(for: QueryParser.parse("soudrugh"))
        #expect(suggestedAfter.map(\.word) == suggestedBefore.map(\.word))
        #expect(suggestedAfter.map(\.suggestions) == suggestedBefore.map(\.suggestions))
        let columns = try upgraded.read { try $0.query("SELECT name FROM pragma_table_info('spelling')") { $0.text(0) ?? "" } }
        #expect(columns == ["bucket", "entries"])
        #expect(try upgraded.checkIntegrity().isOK)
    }
}
