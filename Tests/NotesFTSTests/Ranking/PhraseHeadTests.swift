import SQLiteKit
import Testing
@testable import NotesFTS

/// ``PhraseHead``, ``PhraseLeafPass``, ``PhrasePairs`` and ``WordTable``: the phrases kept are exactly those of two tracked words in
/// as many notes as a tracked word must be (each counted by FTS5), and after updates, deletes and new notes each
/// keeps FTS5's `df`, head notes with the phrase's `f` and `D` (from FTS5's walk of the phrase), and a frontier
/// covering every other note; a phrase alone is ranked from its head as full scoring ranks it.
@Suite struct PhraseHeadTests {
    static let settings = RankingSettings(headSize: 8, minimumDocumentFrequency: 30, minimumShare: 0.05)

    /// Texts that put the phrases' instances where FTS5's count is easy to get wrong: overlapping repeats
    /// (`the the the` is two instances of `"the the"`), punctuation and case between the words, a column that
    /// ends with the first word and one that starts with the second, accents and Korean beside them, digits.
    static let bodies = [
        "Read the book. read THE notes, then read-the rest",
        "the the the read read the",
        "read\nthe end; café read the 한국어 read 읽기 the",
        "book read the2 the read 2024 read the",
        "alpha read the. the, book the book the book",
        "read théorie the read\tthe read_the",
        "x read the y read z the read",
    ]

    /// The notes, with FTS5 leaf pages of `pageSize` bytes (64: a doclist spans many pages).
    static func index(pageSize: Int = 4_050) throws -> NoteIndex {
        let index = try TestFolder().openIndex()
        index.rankingSettings = settings
        try index.connection.execute("INSERT INTO notes_fts(notes_fts, rank) VALUES ('pgsz', \(pageSize))")
        try index.transaction {
            for number in 0..<240 {
                let body = bodies[number % bodies.count] + (number % 5 == 0 ? " read the" : " filler\(number % 11)")
                _ = try index.save(Note(path: "/p/\(number).md", title: number % 4 == 0 ? "Read" : "The read \(number)",
                                        body: body, tags: number % 6 == 0 ? ["the", "book"] : []))
            }
        }
        try index.rebuildRankingTables()
        return index
    }

    @Test func keepsEveryFrequentPhraseOfTrackedWords() throws {
        let index = try Self.index()
        let db = index.connection
        let words = PrefixHead.words(try db.query("SELECT term FROM topk_terms ORDER BY term") { $0.text(0) ?? "" })
        #expect(words.contains("read") && words.contains("the"), "\(words)")
        var full = SearchOptions()
        full.allowsTopK = false
        var expected: [String] = []
        for first in words {
            for second in words {
                let notes = try index.count(QueryParser.parse("\"\(first) \(second)\""), options: full)
                if Self.settings.tracks(documents: notes, rows: 240) { expected.append(PhraseHead.key(first, second)) }
            }
        }
        #expect(expected.count >= 4, "\(expected)")
        #expect(try db.query("SELECT term FROM topk_phrases ORDER BY term") { $0.text(0) ?? "" } == expected.sorted())
        try Self.expectExact(index, state: "fresh")
    }

    @Test func replaysKeepThePhraseHeadsExact() throws {
        let index = try Self.index()
        try index.transaction {
            for id in stride(from: 3, through: 240, by: 7) { _ = try index.deleteNote(id: Int64(id)) }
            for id in stride(from: 5, through: 240, by: 11) {
                _ = try index.save(Note(path: "/p/\(id - 1).md", title: "read the read the", body: "the book the book read"))
            }
        }
        try Self.expectExact(index, state: "updated and deleted")
        try index.transaction {
            for number in 240..<320 {
                _ = try index.save(Note(path: "/p/\(number).md", title: "Note \(number)",
                                        body: Self.bodies[(number * 3) % Self.bodies.count] + " the book", tags: ["read"]))
            }
        }
        try Self.expectExact(index, state: "grown")
    }

    /// Each kept phrase alone, with filters, an exclusion and deeper pages, ranks and counts as full scoring does,
    /// from its head at least where nothing narrows it.
    @Test func ranksAKeptPhraseAsFullScoringDoes() throws {
        let index = try Self.index()
        let keys = try index.connection.query("SELECT term FROM topk_phrases ORDER BY term") { $0.text(0) ?? "" }
        var fromHeads = 0
        for (number, key) in keys.enumerated() {
            for extra in ["", " -book", " path:/p/1", " -alpha"] {
                let query = QueryParser.parse("\"\(key)\"" + extra)
                for (limit, offset) in [(1, 0), (10, 0), (20, 3), (5, number % 4)] {
                    let options = SearchOptions(limit: limit, offset: offset)
                    var full = options
                    full.allowsTopK = false
                    let path = try index.rankingPath(query, options: options)
                    if path.contains("the impact head of the phrase") { fromHeads += 1 }
                    #expect(TopKAgreement.agrees(try index.search(query, options: options), try index.search(query, options: full)),
                            "\(key)\(extra) limit \(limit) offset \(offset): \(path)")
                    #expect(try index.count(query, options: options) == index.count(query, options: full), "count of \(key)\(extra)")
                }
            }
        }
        #expect(fromHeads >= keys.count * 4, "only \(fromHeads) of \(keys.count * 16) searches from the phrase heads")
    }

    /// The count from the leaves keeps the same phrases, counts, heads and frontier points whatever the
    /// window of note ids, when every note is counted by sorting its positions rather than with the table of
    /// slots, and when the segments are read in bands of note ids (up to 64, of a few pages each)
    /// (``PhraseLeafPass``).
    @Test(arguments: [(1, 1 << 20, 32 << 20), (7, 1 << 20, 32 << 20), (4_096, 0, 32 << 20), (1, 0, 32 << 20),
                      (4_096, 1 << 20, 1), (7, 1 << 20, 2_000), (3, 0, 600)] as [(Int64, UInt64, Int)])
    func everyWayOfCountingKeepsTheSame(_ window: Int64, _ slotLimit: UInt64, _ bandBytes: Int) throws {
        // Pages of 64 bytes: a band reads only some of a doclist's pages.
        let index = try Self.index(pageSize: bandBytes < 32 << 20 ? 64 : 4_050)
        let db = index.connection
        func built(_ window: Int64, _ slotLimit: UInt64, _ bandBytes: Int = PhraseLeafPass.defaultBandBytes) throws -> [String] {
            try db.transaction(.immediate) {
                try db.execute("DELETE FROM topk_phrases; DELETE FROM topk_phrase_heads")
                try PhraseHead.build(db, settings: Self.settings, averageSize: 40, window: window, slotLimit: slotLimit,
                                     bandBytes: bandBytes)
            }
            return try db.query("SELECT term FROM topk_phrases ORDER BY term") { $0.text(0) ?? "" }.map { key in
                guard let kept = try KeptHeads.load(key, db, .phrase) else { return key }
                let points = (kept.frontier?.points ?? []).map { "\($0.frequency)/\($0.size)" }.sorted()
                let head = kept.entries.map { "\($0.note):\($0.frequency)/\($0.size)" }.sorted()
                return "\(key) \(kept.documents) \(points) \(head)"
            }
        }
        let usual = try built(PhraseLeafPass.defaultWindow, PhraseLeafPass.largestSlot)
        #expect(usual.count >= 4)
        #expect(try built(window, slotLimit, bandBytes) == usual)
    }

    /// Built from the leaves in the states FTS5 leaves them in (notes updated and deleted since their segment
    /// was written, so in two segments or marked deleted; terms still pending in the building transaction;
    /// after `optimize`), the heads are exact.
    @Test func buildsFromTheLeavesInEveryState() throws {
        let index = try Self.index()
        let db = index.connection
        try index.transaction {
            for id in stride(from: 2, through: 240, by: 9) { _ = try index.deleteNote(id: Int64(id)) }
            for id in stride(from: 4, through: 240, by: 13) {
                _ = try index.save(Note(path: "/p/\(id - 1).md", title: "the read the", body: "read the the the book"))
            }
        }
        try index.rebuildRankingTables()
        try Self.expectExact(index, state: "rebuilt over updated and deleted notes")
        try db.transaction(.immediate) {
            for number in 400..<460 {
                _ = try index.save(Note(path: "/p/\(number).md", title: "Read the", body: "the book read the read"))
            }
            try RankingTables.rebuild(db, settings: Self.settings)
        }
        try Self.expectExact(index, state: "rebuilt in the transaction that wrote")
        try db.execute("INSERT INTO notes_fts(notes_fts) VALUES ('optimize')")
        try index.rebuildRankingTables()
        try Self.expectExact(index, state: "rebuilt after optimize")
    }

    /// Segments whose notes' ids do not overlap are counted a group at a time, and a segment holding notes
    /// updated since older ones were written joins theirs: the heads are exact both ways.
    @Test func countsSegmentsInGroupsOfOverlappingIDs() throws {
        let index = try TestFolder().openIndex()
        index.rankingSettings = Self.settings
        let db = index.connection
        try db.execute("INSERT INTO notes_fts(notes_fts, rank) VALUES ('automerge', 0)")
        for batch in 0..<4 {
            try index.transaction {
                for number in (batch * 60)..<(batch * 60 + 60) {
                    let body = Self.bodies[number % Self.bodies.count] + (number % 5 == 0 ? " read the" : " filler")
                    _ = try index.save(Note(path: "/p/\(number).md", title: "The read \(number)", body: body))
                }
            }
        }
        /// The number of groups and of segments.
        func groups() throws -> (groups: Int, segments: Int) {
            let pairs = PhrasePairs(keys: try db.query("SELECT term FROM topk_phrases ORDER BY term") { $0.text(0) ?? "" })
            let keys = pairs.words.enumerated().compactMap { number, word in
                SegmentPostings.key(of: word).map { (word: Int32(number), key: $0) }
            }
            return try db.transaction(.deferred) {
                let leaves = try SegmentPostings.of(db)
                defer { leaves.resetStatements() }
                let segments = try #require(try leaves.structure()).levels.flatMap { $0.segments.reversed() }
                return (try #require(try PhraseLeafPass.groups(of: segments, keys: keys, leaves)).count, segments.count)
            }
        }
        try index.rebuildRankingTables()
        let apart = try groups()
        #expect(apart.segments >= 4 && apart.groups == apart.segments, "\(apart)")
        try Self.expectExact(index, state: "segments apart")
        // One statement: one new segment, holding the first note and the last.
        try db.execute("UPDATE notes SET body = 'the read the book read the' WHERE id IN (1, 240)")
        try index.rebuildRankingTables()
        let across = try groups()
        #expect(across.segments == apart.segments + 1 && across.groups == 1, "\(across)")
        try Self.expectExact(index, state: "a segment across the others")
    }

    /// The pass counts what the transaction it runs in has just written though FTS5 still holds those terms in
    /// memory (a row written to `notes_fts` itself, with no statement journal whose end would flush them), as
    /// FTS5's own count of each phrase sees them.
    @Test func countsTermsStillPendingInTheTransaction() throws {
        let index = try Self.index()
        let db = index.connection
        let pairs = PhrasePairs(keys: try db.query("SELECT term FROM topk_phrases ORDER BY term") { $0.text(0) ?? "" })
        #expect(pairs.count >= 4)
        try db.transaction(.immediate) {
            for id in 1_000..<1_003 {
                try db.run("INSERT INTO notes_fts(rowid, title, body, tags) VALUES (?1, 'read the', 'the the read the book', '')",
                           [.integer(Int64(id))])
            }
            var pass = PhraseLeafPass(pairs, headSize: 8, averageSize: 40)
            #expect(try pass.run(db, sizes: DocumentSizes(db)))
            for (phrase, heap) in pass.heaps.enumerated() {
                let match = "\"\(pairs.key(phrase))\""
                let fts5 = try db.scalarInt("SELECT count(*) FROM notes_fts WHERE notes_fts MATCH ?1", [.text(match)])
                #expect(heap.documents == fts5, "\(match)")
            }
        }
    }

    /// A run of ASCII letters and digits is looked up from its bytes, folded as the tokenizer folds them, and
    /// finds the word its lower-case bytes are; anything else finds nothing.
    @Test(arguments: [("Read", 0), ("READ", 0), ("the", 1), ("x2024", 2), ("sixteenbyteswrd", 3),
                      ("sixteenbyteswrds", 4), ("sixteenbyteswrdsx", -1), ("rea", -1), ("reads", -1), ("", -1)])
    func looksUpWordsByTheirBytes(_ text: String, _ expected: Int32) {
        let table = WordTable(["read", "the", "x2024", "sixteenbyteswrd", "sixteenbyteswrds", String(repeating: "y", count: 17)])
        var padded = text + " and some more bytes after it"
        let found = padded.withUTF8 { table.id(ofASCII: UnsafeRawBufferPointer($0), from: 0, to: text.utf8.count) }
        var bare = text
        let atTheEnd = bare.withUTF8 { table.id(ofASCII: UnsafeRawBufferPointer($0), from: 0, to: text.utf8.count) }
        #expect(found == expected && atTheEnd == expected)
    }

    /// Every kept phrase's `df` is FTS5's count of it; its head notes have the `f` and `D` FTS5's walk of the
    /// phrase gives them; every other note of the phrase is covered by its frontier; and its count from the
    /// tables is FTS5's.
    static func expectExact(_ index: NoteIndex, state: String) throws {
        let db = index.connection
        let keys = try db.query("SELECT term FROM topk_phrases ORDER BY term") { $0.text(0) ?? "" }
        #expect(keys.count >= 4, "\(state): \(keys)")
        var full = SearchOptions()
        full.allowsTopK = false
        for key in keys {
            let match = "\"\(key)\""
            let fts5 = try index.count(QueryParser.parse(match), options: full)
            #expect(try index.count(QueryParser.parse(match)) == fts5, "\(state): count of \(match)")
            guard let kept = try KeptHeads.load(key, db, .phrase), let frontier = kept.frontier else {
                Issue.record("\(state): \(match) not kept")
                continue
            }
            let rows = try db.transaction(.deferred) {
                let statistics = try MatchStatistics(db)
                var rows: [MatchStatistics.Row] = []
                try statistics.walk(match, db, into: &rows)
                try statistics.completeSizes(&rows, db)
                return rows
            }
            #expect(Int(kept.documents) == fts5 && rows.count == fts5, "\(state): df of \(match)")
            let walked = Dictionary(rows.map { ($0.id, ($0.frequency, Int($0.size))) }) { first, _ in first }
            let head = Set(kept.entries.map(\.note))
            for entry in kept.entries {
                #expect(walked[entry.note].map { $0 == (entry.frequency, entry.size) } == true, "\(state): \(match) head note \(entry.note)")
            }
            for (note, figures) in walked where !head.contains(note) {
                #expect(frontier.covers(frequency: figures.0, size: figures.1), "\(state): \(match) note \(note) above the frontier")
            }
        }
    }
}
