import SQLiteKit
import Testing
@testable import NotesFTS

/// ``PrefixFamily``: which tracked words keep a family, which families a note's terms put it in, and that the
/// families the log replays keep equal those a rebuild makes, after updates, deletes and notes with new
/// expansions. (``PrefixHeadSearchTests`` ranks the prefixes from them against full scoring.)
@Suite struct PrefixFamilyTests {
    @Test func loneWordsAreThoseNoOtherTrackedWordBeginsWith() {
        let tracked = ["a", "ab", "abc", "b", "bar", "café", "go", "gone", String(repeating: "x", count: 17), "z9"]
        #expect(PrefixFamily.loneWords(tracked) == ["abc", "bar", "gone", "z9"])
    }

    /// The prefix's `f` sums the word's own occurrences and every longer term's that begins with it, each by its
    /// column's weight (title 10, body 1, tags 4); a term equal to the word alone puts no note in the family.
    @Test func findsTheFamiliesOfANotesTerms() {
        let long = String(repeating: "l", count: 16)
        let words = PrefixFamily.Words(["read", "go", long, "solo"])
        var terms = DocumentTerms()
        terms.counts = ["read": ColumnCounts(title: 0, body: 2, tags: 0), "reads": ColumnCounts(title: 1, body: 1, tags: 0),
                        "readme": ColumnCounts(title: 0, body: 0, tags: 1), "rea": ColumnCounts(title: 0, body: 5, tags: 0),
                        "gone": ColumnCounts(title: 0, body: 3, tags: 0), "solo": ColumnCounts(title: 0, body: 1, tags: 0),
                        long + "er": ColumnCounts(title: 0, body: 1, tags: 0), "readé": ColumnCounts(title: 0, body: 1, tags: 0)]
        let found = words.families(of: terms)
        #expect(found.count == 3)
        #expect(found["read"]?.frequency == 2 + 11 + 4 + 1 && found["read"]?.holdsWord == true)
        #expect(found["go"]?.frequency == 3 && found["go"]?.holdsWord == false)
        #expect(found[long]?.frequency == 1 && found[long]?.holdsWord == false)
        #expect(found["solo"] == nil)
    }

    @Test func replaysKeepTheFamiliesARebuildMakes() throws {
        let index = try PrefixPostingsTests.index()
        try expectRebuildKeeps(index, state: "fresh")
        try index.transaction {
            for id in stride(from: 3, through: 200, by: 7) { _ = try index.deleteNote(id: Int64(id)) }
            for id in stride(from: 5, through: 200, by: 11) {
                _ = try index.save(Note(path: "/p/\(id - 1).md", title: "readings readyz", body: "ready ready reader \(id) readyx"))
            }
        }
        try expectRebuildKeeps(index, state: "updated and deleted")
        try index.transaction {
            // New expansions in fewer notes than make a word tracked, so that the rebuild keeps the same lone words.
            for number in 200..<260 {
                let body = (0..<(1 + number % 3)).map { ["reading", "reader", "ready", "readers", "readily", "readyish"][($0 * 3 + number) % 6] }
                _ = try index.save(Note(path: "/p/\(number).md", title: "Note \(number)", body: body.joined(separator: " "),
                                        tags: number % 6 == 0 ? ["readership"] : []))
            }
        }
        try expectRebuildKeeps(index, state: "grown")
    }

    /// Every family's `df`, `overlap` and list, by word.
    private func snapshot(_ db: Connection) throws -> [(String, Int, Int, PostingList)] {
        try db.query("SELECT term, df, overlap FROM topk_families ORDER BY term") { ($0.text(0) ?? "", $0.int(1), $0.int(2)) }
            .map { ($0.0, $0.1, $0.2, try PostingStore.load($0.0, db, from: .family)) }
    }

    private func expectRebuildKeeps(_ index: NoteIndex, state: String) throws {
        let db = index.connection
        let replayed = try snapshot(db)
        #expect(replayed.contains { $0.1 > 0 }, "\(state): every family is empty")
        for family in replayed { #expect(family.1 == family.3.count, "\(state): df of \(family.0)") }
        // A lone word's prefix is counted from its `df` and its family's figures (``TopKCount``; nothing ranked here
        // before, so no walk's count is kept) as FTS5 counts it.
        var full = SearchOptions()
        full.allowsTopK = false
        for word in replayed.map(\.0) {
            let query = QueryParser.parse(word + "*")
            #expect(try index.count(query) == index.count(query, options: full), "\(state): count of \(word)*")
        }
        try index.rebuildRankingTables()
        let rebuilt = try snapshot(db)
        #expect(rebuilt.map(\.0) == replayed.map(\.0), "\(state): the lone words")
        #expect(rebuilt.map(\.0) == ["note", "reader", "reading", "ready"], "\(state): the lone words after a rebuild")
        for (kept, made) in zip(replayed, rebuilt) {
            #expect(kept.1 == made.1 && kept.2 == made.2, "\(state): df and overlap of \(kept.0)")
            #expect(kept.3 == made.3, "\(state): the family of \(kept.0)")
        }
    }
}
