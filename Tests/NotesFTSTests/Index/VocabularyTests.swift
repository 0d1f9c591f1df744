import Foundation
import Testing
@testable import NotesFTS

@Suite struct VocabularyTests {
    @Test(arguments: ["hello", "sourdough", "balloon", "aaaaa", "abcdefghijklmnopqrstuvwxyz", "mississippi"])
    func deletionKeysEqualTheHashesOfTheDeletions(word: String) {
        let expected = Vocabulary.deletions(of: Array(word.utf8)).map(Vocabulary.key)
        #expect(Vocabulary.deletionKeys(of: word) == expected)
    }

    @Test(arguments: ["", "a", "abcd"])
    func shortWordsHaveNoDeletionKeys(word: String) {
        #expect(Vocabulary.deletionKeys(of: word).isEmpty)
    }

    /// The bulk fill (a first build, `--rebuild`) and the note-by-note path (``Vocabulary/learn(_:from:)``)
    /// must leave the same words, stems and deletion keys.
    @Test func rebuildHoldsWhatNoteByNoteWritesLearn() throws {
        let bodies = ["Sourdough starter feeding schedule", "Meeting notes: balloon budget, mississippi trip",
                      "Deploy checklist for the release", "café crème brûlée recipes", "ll lll llll lllll llllll"]
        let index = try TestFolder().openIndex()
        for (number, body) in bodies.enumerated() {
            try index.save(Note(path: "/n/\(number).md", title: "Note \(number)", body: body, tags: ["kitchen"]))
        }
        let learned = try contents(of: index)
        try index.rebuildVocabulary()
        let rebuilt = try contents(of: index)
        #expect(rebuilt.words == learned.words)
        #expect(rebuilt.keys == learned.keys)
        #expect(rebuilt.words.contains("sourdough|sourdough"))
        #expect(rebuilt.words.contains("recipes|recipe"))
        #expect(rebuilt.keys.count > 100)
    }

    /// Every word with its stem, and every (deletion key, word) pair, as comparable sets (ids may differ).
    private func contents(of index: NoteIndex) throws -> (words: Set<String>, keys: Set<String>) {
        try index.read { db in
            let words = try db.query("SELECT term || '|' || stem FROM vocabulary") { $0.text(0) ?? "" }
            let keys = try db.query("SELECT s.key || '|' || v.term FROM spelling s JOIN vocabulary v ON v.id = s.term_id") {
                $0.text(0) ?? ""
            }
            return (Set(words), Set(keys))
        }
    }
}
