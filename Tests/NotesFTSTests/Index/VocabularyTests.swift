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

    /// Filling `spelling` in many passes over bucket ranges leaves the same rows as one pass.
    @Test func passesOverKeyRangesFillTheSameRows() throws {
        let index = try TestFolder().openIndex()
        try index.save(Note(path: "/n/1.md", title: "Passes", body: "sourdough starter mississippi balloon aaaaaaa ab quuxfrobnicate"))
        let terms = try index.read { try $0.query("SELECT term FROM vocabulary ORDER BY id") { $0.text(0) ?? "" } }
        var fills: [[String]] = []
        for pairsPerPass in [1_000_000, 50, 7, 1] {
            try SpellingRows.write(Vocabulary.spellingPasses(terms: terms, pairsPerPass: pairsPerPass), into: index)
            fills.append(try SpellingRows.of(index))
        }
        #expect(fills[0].count > 100)
        #expect(fills.allSatisfy { $0 == fills[0] })
    }

    /// The radix sort orders by key (the high 32 bits) and keeps the order of equal keys.
    @Test func sortByKeyIsStable() {
        var random = SeededGenerator(state: 3)
        let pairs = (0..<5_000).map { offset in UInt64(random.next() % 300) << 32 | UInt64(offset) }
        var sorted = pairs
        Vocabulary.sortByKey(&sorted)
        #expect(sorted == pairs.sorted())
        var empty: [UInt64] = []
        Vocabulary.sortByKey(&empty)
        #expect(empty.isEmpty)
    }

    /// Every word with its stem, and every (deletion key, word) pair, as comparable sets (ids may differ).
    private func contents(of index: NoteIndex) throws -> (words: Set<String>, keys: Set<String>) {
        try index.read { db in
            let words = try db.query("SELECT term || '|' || stem FROM vocabulary") { $0.text(0) ?? "" }
            let pairs = try db.query("SELECT id, term FROM vocabulary") { ($0.int64(0), $0.text(1) ?? "") }
            let terms = Dictionary(uniqueKeysWithValues: pairs)
            var keys: [String] = []
            let rows = try db.query("SELECT bucket, entries FROM spelling") { ($0.int64(0), $0.blob(1) ?? []) }
            for (bucket, list) in rows {
                for entry in SpellingKeys.entries(list, bucket: bucket) {
                    #expect(SpellingKeys.bucket(of: entry.key) == bucket)
                    keys.append("\(entry.key)|\(terms[entry.id] ?? "?")|\(entry.length)")
                }
            }
            #expect(keys.count == Set(keys).count, "a word listed twice under one key")
            return (Set(words), Set(keys))
        }
    }
}
