import SQLiteKit
import Testing
@testable import NotesFTS

/// ``TopKTokenStatistics``: an untracked word is read whole up to ``TopKTokenStatistics/untrackedLimit`` notes,
/// with FTS5's figures, and refused one note past it; a tracked word's head is read from its blocks
/// (`topk_heads`) with FTS5's figures, follows the log replay, and an index from before those blocks gets them.
@Suite struct TopKTokenStatisticsTests {
    @Test func anUntrackedWordIsReadUpToTheLimitAndRefusedPastIt() throws {
        let index = try TestFolder().openIndex()
        index.rankingSettings = RankingSettings(headSize: 8, minimumDocumentFrequency: 1_000_000, minimumShare: 0.5)
        let limit = TopKTokenStatistics.untrackedLimit
        try index.transaction {
            for number in 0...limit {
                let beta = number < limit ? String(repeating: " beta", count: 1 + number % 3) : ""
                _ = try index.save(Note(path: "/n/\(number).md", title: number % 5 == 0 && number < limit ? "beta" : "note",
                                        body: "alpha\(beta) filler\(number % 11)", tags: []))
            }
        }
        try index.rebuildRankingTables()
        let db = index.connection
        #expect(try db.scalarInt("SELECT count(*) FROM topk_terms") == 0)
        #expect(try TopKTokenStatistics.load("alpha", db) == nil)
        let beta = try #require(try TopKTokenStatistics.load("beta", db))
        #expect(beta.documents == Int64(limit) && beta.entries.count == limit && beta.frontier == nil)
        let expected = try db.query("""
            SELECT rowid, notes_phrase_frequency(notes_fts), notes_row_size(notes_fts) FROM notes_fts
            WHERE notes_fts MATCH 'beta' ORDER BY rowid
            """) { TopKTokenStatistics.Entry(note: $0.int64(0), frequency: $0.double(1), size: $0.int(2)) }
        #expect(beta.entries.map(\.note) == expected.map(\.note))
        #expect(beta.entries.map(\.frequency) == expected.map(\.frequency))
        #expect(beta.entries.map(\.size) == expected.map(\.size))
    }

    @Test func aTrackedWordsHeadHasFTS5sFiguresAndFollowsTheReplay() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        index.rankingSettings = RankingSettings(headSize: 12, minimumDocumentFrequency: 20, minimumShare: 0.05)
        var corpus = TopKCorpus(seed: 11)
        try index.transaction { for number in 0..<200 { _ = try index.save(corpus.note(number)) } }
        try index.rebuildRankingTables()
        let db = index.connection
        let head = try #require(try TopKTokenStatistics.load("kilo", db))
        #expect(head.frontier != nil && head.entries.count == 12 && head.documents > 12)
        try expectFTS5Figures(head, of: "kilo", db)

        // One head note loses the word, another is deleted, and a new note holding it many times comes in.
        let gone = head.entries[0].note, deleted = head.entries[1].note
        try index.transaction {
            try db.run("UPDATE notes SET title = 'none', body = 'none', tags = '' WHERE id = ?1", [.integer(gone)])
            try db.run("DELETE FROM notes WHERE id = ?1", [.integer(deleted)])
            _ = try index.save(Note(path: "/topk/new.md", title: "kilo", body: "kilo kilo kilo", tags: ["kilo"]))
        }
        let replayed = try #require(try TopKTokenStatistics.load("kilo", db))
        let notes = replayed.entries.map(\.note)
        #expect(!notes.contains(gone) && !notes.contains(deleted))
        let new = try #require(try db.scalarInt("SELECT id FROM notes WHERE path = '/topk/new.md'"))
        #expect(notes.contains(Int64(new)))
        #expect(notes == notes.sorted())
        try expectFTS5Figures(replayed, of: "kilo", db)
    }

    @Test func aVersion10IndexGetsItsHeadsAsBlocks() throws {
        let folder = TestFolder()
        var corpus = TopKCorpus(seed: 5)
        for number in 0..<1_500 {
            let note = corpus.note(number)
            folder.write("n\(number).md", "# \(note.title)\n\n\(note.body)\n")
        }
        do {
            let index = try folder.openIndex()
            _ = try folder.index(index)
            #expect(try index.connection.scalarInt("SELECT count(*) FROM topk_terms") ?? 0 > 0)
            // The file as version 10 left it: a head row a note, top-k format 3.
            try index.connection.execute("""
                DROP TABLE topk_heads;
                CREATE TABLE topk_head (term TEXT NOT NULL, note INTEGER NOT NULL, frequency REAL NOT NULL,
                  size INTEGER NOT NULL, PRIMARY KEY (term, note)) WITHOUT ROWID;
                INSERT INTO topk_head SELECT term, 1, 1, 1 FROM topk_terms;
                UPDATE meta SET value = '3' WHERE key = 'topk';
                """)
            try index.connection.setUserVersion(10)
            index.close()
        }
        let reader = try NoteIndex(path: folder.database, mode: .readOnly)
        #expect(try reader.rankingPath(QueryParser.parse("oscar")).contains("older format (3; this version reads \(RankingTables.formatVersion))"))
        let before = try reader.search("oscar").map(\.score)
        reader.close()
        let upgraded = try folder.openIndex()
        let db = upgraded.connection
        #expect(try db.userVersion == Schema.currentVersion)
        #expect(try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'topk_head'") == 0)
        #expect(try RankingTables.isCurrent(db))
        #expect(try db.scalarInt("SELECT count(DISTINCT term) FROM topk_heads") == db.scalarInt("SELECT count(*) FROM topk_terms"))
        // And, through migrations 12 and 13, the prefix heads (``PrefixHead``), the families gone.
        #expect(try db.scalarInt("SELECT count(*) FROM topk_prefixes") ?? 0 > 0)
        #expect(try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'topk_famil%'") == 0)
        #expect(try upgraded.rankingPath(QueryParser.parse("oscar")).hasPrefix("top-k"))
        let after = try upgraded.search("oscar").map(\.score)
        #expect(before.count == 20 && after.count == 20)
        #expect(zip(before, after).allSatisfy { abs($0 - $1) <= 1e-9 * abs($0) })
    }

    /// Each entry's figures are FTS5's for `term` in that note.
    private func expectFTS5Figures(_ statistics: TopKTokenStatistics, of term: String, _ db: Connection) throws {
        let figures = try db.query("""
            SELECT rowid, notes_phrase_frequency(notes_fts), notes_row_size(notes_fts) FROM notes_fts
            WHERE notes_fts MATCH ?1
            """, [.text(term)]) { ($0.int64(0), ($0.double(1), $0.int(2))) }
        let byNote = Dictionary(uniqueKeysWithValues: figures)
        for entry in statistics.entries {
            let expected = try #require(byNote[entry.note])
            #expect(entry.frequency == expected.0 && entry.size == expected.1)
        }
    }
}
