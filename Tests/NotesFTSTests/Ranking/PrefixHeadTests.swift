import SQLiteKit
import Testing
@testable import NotesFTS

/// ``PrefixHead`` and ``PrefixWords``: which prefixes a note's terms match and with what `f`, and that the prefix
/// heads the log replays keep stay exact: after updates, deletes and notes with new expansions, each prefix's `df`
/// is FTS5's count, each head note has the prefix's `f` and `D`, and the frontier covers every other note of the
/// prefix. (``PrefixHeadSearchTests`` and ``TopKExactnessTests`` rank the prefixes from them against full scoring.)
@Suite struct PrefixHeadTests {
    /// A prefix's `f` sums every term that begins with the word, the word itself included, each by its column's
    /// weight (title 10, body 1, tags 4): `read*` here is 2 + (10 + 1) + 4 + 1 = 18; a term of 17 bytes and more
    /// matches a word of 16 by its first bytes, and a word of 17 bytes is not kept.
    @Test func findsThePrefixesOfANotesTerms() {
        let long = String(repeating: "l", count: 16)
        let words = PrefixWords(["read", "rea", "go", long, "solo", String(repeating: "x", count: 17)])
        var terms = DocumentTerms()
        terms.counts = ["read": ColumnCounts(title: 0, body: 2, tags: 0), "reads": ColumnCounts(title: 1, body: 1, tags: 0),
                        "readme": ColumnCounts(title: 0, body: 0, tags: 1), "re": ColumnCounts(title: 0, body: 5, tags: 0),
                        "gone": ColumnCounts(title: 0, body: 3, tags: 0), "solo": ColumnCounts(title: 0, body: 1, tags: 0),
                        long + "er": ColumnCounts(title: 0, body: 1, tags: 0), long: ColumnCounts(title: 1, body: 0, tags: 0),
                        "readé": ColumnCounts(title: 0, body: 1, tags: 0), String(repeating: "x", count: 18): ColumnCounts(title: 0, body: 1, tags: 0)]
        let found = words.prefixFrequencies(of: terms)
        let expected: [String: Double] = ["read": 18, "rea": 18, "go": 3, long: 11, "solo": 1]
        #expect(found == expected)
    }

    @Test func replaysKeepThePrefixHeadsExact() throws {
        let index = try PrefixPostingsTests.index()
        try Self.expectExact(index, state: "fresh")
        try index.transaction {
            for id in stride(from: 3, through: 200, by: 7) { _ = try index.deleteNote(id: Int64(id)) }
            for id in stride(from: 5, through: 200, by: 11) {
                _ = try index.save(Note(path: "/p/\(id - 1).md", title: "readings readyz", body: "ready ready reader \(id) readyx"))
            }
        }
        try Self.expectExact(index, state: "updated and deleted")
        try index.transaction {
            for number in 200..<260 {
                let body = (0..<(1 + number % 3)).map { ["reading", "reader", "ready", "readers", "readily", "readyish"][($0 * 3 + number) % 6] }
                _ = try index.save(Note(path: "/p/\(number).md", title: "Note \(number)", body: body.joined(separator: " "),
                                        tags: number % 6 == 0 ? ["readership"] : []))
            }
        }
        try Self.expectExact(index, state: "grown")
    }

    /// Every kept prefix's `df` is FTS5's count of it; its head notes have the `f` and `D` of its complete list
    /// (read from FTS5 and the stored lists, ``PrefixPostings``); every other note of the list is covered by its
    /// frontier. Counted from the tables (nothing ranked before, so no walk's count is kept), the prefix is as
    /// FTS5 counts it.
    static func expectExact(_ index: NoteIndex, state: String) throws {
        let db = index.connection
        let words = try db.query("SELECT term FROM topk_prefixes ORDER BY term") { $0.text(0) ?? "" }
        #expect(words.count >= 4, "\(state): \(words)")
        var full = SearchOptions()
        full.allowsTopK = false
        for word in words {
            let query = QueryParser.parse(word + "*")
            let fts5 = try index.count(query, options: full)
            #expect(try index.count(query) == fts5, "\(state): count of \(word)*")
            guard let kept = try PrefixHead.load(word, db), let frontier = kept.frontier,
                  case .success(let list) = try db.transaction(.deferred, { try PrefixPostings.load(word, db) }) else {
                Issue.record("\(state): \(word)* not kept or not listed")
                continue
            }
            #expect(Int(kept.documents) == fts5 && list.count == fts5, "\(state): df of \(word)*")
            var inList: [Int64: (Double, Int)] = [:]
            for index in 0..<list.count { inList[list.ids[index]] = (list.frequencies[index], Int(list.sizes[index])) }
            let head = Set(kept.entries.map(\.note))
            for entry in kept.entries {
                #expect(inList[entry.note].map { $0 == (entry.frequency, entry.size) } == true, "\(state): \(word)* head note \(entry.note)")
            }
            for (note, figures) in inList where !head.contains(note) {
                #expect(frontier.covers(frequency: figures.0, size: figures.1), "\(state): \(word)* note \(note) above the frontier")
            }
        }
    }
}
