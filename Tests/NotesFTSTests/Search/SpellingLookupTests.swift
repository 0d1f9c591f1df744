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

    /// Short words too (what a suggestion for a 4- to 6-letter word looks up, within two edits): the lookup
    /// finds exactly what a scan of the vocabulary finds. The one-deletion keys of schema v5–v7 held no word
    /// under five letters, so their lookup missed a 3- or 4-letter word two edits away that is not the typed
    /// word less letters (`ohxg` → `oxhe`).
    @Test func shortWordsAreFoundAsAScanFindsThem() throws {
        var random = SeededGenerator(state: 29)
        let letters = Array("abcdef".utf8)
        let words = (0..<250).map { _ in String(decoding: (0..<(2 + Int(random.next() % 5))).map { _ in random.pick(letters) }, as: UTF8.self) }
        let index = try makeIndex(words)
        let vocabulary = Set(words)
        for _ in 0..<80 {
            let typed = (0..<(4 + Int(random.next() % 3))).map { _ in random.pick(letters) }
            let text = String(decoding: typed, as: UTF8.self)
            guard !vocabulary.contains(text) else { continue }
            let distances = vocabulary.map { ($0, EditDistance.between(typed, Array($0.utf8), limit: 2)) }.filter { $0.1 <= 2 }
            let nearest = distances.map { $0.1 }.min()
            let scanned = Set(distances.filter { $0.1 == nearest }.map { $0.0 })
            let found = try index.read { try Spelling.candidates(for: text, within: 2, db: $0) }
            #expect(Set(found.map(\.term)) == scanned, "\(text)")
        }
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
        #expect(try upgraded.connection.userVersion == Schema.currentVersion)
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
