import Foundation
import Testing
@testable import NotesFTS

@Suite struct VocabularyTests {
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
            let pairs = try db.query("SELECT id, term FROM vocabulary") { ($0.int64(0), $0.text(1) ?? "") }
            let terms = Dictionary(uniqueKeysWithValues: pairs)
            var keys: [String] = []
            let rows = try db.query("SELECT key, terms FROM spelling") { ($0.int64(0), $0.blob(1) ?? []) }
            for (key, list) in rows {
                for entry in SpellingKeys.entries(list) {
                    keys.append("\(key)|\(terms[entry.id] ?? "?")|\(entry.length)")
                }
            }
            #expect(keys.count == Set(keys).count, "a word listed twice under one key")
            return (Set(words), Set(keys))
        }
    }
}
