import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

@Suite struct PhraseLeavesTests {
    /// Every phrase's notes and weighted frequencies read from the leaves are FTS5's walk of it, in every state
    /// FTS5 leaves the segments in (several segments; notes deleted and updated since their segment was
    /// written; a merge in progress; one segment), with pages small enough that doclists and position lists
    /// cross page boundaries.
    @Test(arguments: [64, 200, 4050])
    func givesWhatFTS5sWalkGives(pageSize: Int) throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        let db = index.connection
        try db.execute("""
            INSERT INTO notes_fts(notes_fts, rank) VALUES ('pgsz', \(pageSize));
            INSERT INTO notes_fts(notes_fts, rank) VALUES ('automerge', 0);
            """)
        var corpus = TopKCorpus(seed: UInt64(pageSize))
        for part in 0..<3 {
            try index.transaction { for number in (part * 100)..<(part * 100 + 100) { _ = try index.save(corpus.note(number)) } }
        }
        try index.transaction {
            // A phrase thousands of times in one note (its position lists over many pages), in two columns.
            let repeated = Array(repeating: "alpha bravo alpha", count: 2_000).joined(separator: " ")
            _ = try index.save(Note(path: "/topk/long.md", title: "alpha bravo", body: repeated, tags: ["alpha", "bravo"]))
        }
        try Self.check(db, state: "fresh")
        try index.transaction {
            for id in stride(from: 2, through: 300, by: 7) { _ = try index.deleteNote(id: Int64(id)) }
            for number in stride(from: 4, to: 300, by: 9) { _ = try index.save(corpus.note(number)) }
        }
        try Self.check(db, state: "updated and deleted")
        for number in 400..<405 { _ = try index.save(corpus.note(number)) }
        try db.execute("INSERT INTO notes_fts(notes_fts, rank) VALUES ('merge', 1)")
        try Self.check(db, state: "merging")
        try db.execute("INSERT INTO notes_fts(notes_fts) VALUES ('optimize')")
        try Self.check(db, state: "optimized")
    }

    /// Pairs and triples of frequent words in both orders, a token repeated (`"alpha alpha"`, whose instances
    /// overlap), single words, and tokens no note holds.
    private static func phrases() -> [String] {
        let frequent = Array(TopKCorpus.words.prefix(9)) + ["w3x", "w40x"]
        var phrases: [String] = []
        for first in frequent {
            for second in frequent { phrases.append("\(first) \(second)") }
        }
        for (index, word) in frequent.enumerated() {
            phrases.append("\(word) \(frequent[(index + 1) % frequent.count]) \(frequent[(index + 3) % frequent.count])")
        }
        return phrases + ["alpha bravo alpha", "alpha alpha alpha", "bravo alpha bravo alpha", "alpha", "w5x", "alpha zzzz",
                          "zzzz alpha", "zzzz"]
    }

    private static func check(_ db: Connection, state: String) throws {
        let tokenizer = try RankingTables.tokenizer(db)
        let statistics = try MatchStatistics(db)
        var wrong: [String] = []
        var matched = 0
        for phrase in phrases() {
            guard let tokens = tokenizer.queryTokens(phrase) else {
                Issue.record("\(phrase) has no tokens")
                continue
            }
            let match = FTS5Expression.term(QueryTerm(phrase, isPhrase: true))
            // Whole, and in parts walked by two threads at once (as a large index's doclists are walked): two,
            // and as many as a walk is cut into (a part for every 64 bytes of doclist, up to the most).
            let (read, halves, parts, walked) = try db.transaction(.deferred) {
                var rows: [MatchStatistics.Row] = []
                try statistics.walk(match, db, into: &rows)
                return (try PhraseLeaves.rows(of: tokens, db, statistics),
                        try PhraseLeaves.rows(of: tokens, db, statistics, splitFrom: 0),
                        try PhraseLeaves.rows(of: tokens, db, statistics, splitFrom: 0, partBytes: 64), rows)
            }
            guard let read, let halves, let parts else {
                wrong.append("\(phrase) (not read)")
                continue
            }
            for (rows, how) in [(read, "whole"), (halves, "halves"), (parts, "parts")]
            where rows.map(\.id) != walked.map(\.id) || rows.map(\.frequency) != walked.map(\.frequency) {
                wrong.append("\(phrase) (\(how))")
            }
            if !read.isEmpty { matched += 1 }
        }
        #expect(wrong.isEmpty, "\(state): \(wrong.count) phrases read wrong, \(wrong.prefix(5))")
        // Most phrases match notes, or the comparison proves little.
        #expect(matched >= 100, "\(state): only \(matched) phrases matched notes")
        try checkPairWalks(db, tokenizer: tokenizer, state: state)
    }

    /// A two-token phrase's walk through a bitmap of the lead's ids gives what the walk seeking the other token
    /// from each lead note gives, whole and from several ids on or below them, with either token leading.
    private static func checkPairWalks(_ db: Connection, tokenizer: TermTokenizer, state: String) throws {
        var compared = 0, wrong: [String] = []
        for phrase in phrases() {
            guard let tokens = tokenizer.queryTokens(phrase), tokens.count == 2, tokens[0] != tokens[1] else { continue }
            try db.transaction(.deferred) {
                var walk = PhraseLeaves.Walk()
                guard case .slots(let slots) = try walk.read(tokens, SegmentPostings.of(db)) else { return }
                let ids = try db.query("SELECT id FROM notes ORDER BY id") { $0.int64(0) }
                let bounds: [(Int64, Int64?)] = [(.min, nil)] + ids.enumerated().filter { $0.offset % 97 == 5 }.map {
                    ($0.element, ids.count > $0.offset + 60 ? ids[$0.offset + 60] : nil)
                }
                // Windows of 64 and 128 ids cut these small indexes' notes into many, as the default cuts a
                // large index's.
                for lead in 0..<2 {
                    for (from, below) in bounds {
                        let seeking = walk.pairInstancesSeeking(lead: lead, slots: slots, from: from, below: below)
                        for window in [64, 128, PhraseLeaves.Walk.windowIDs] {
                            guard case .rows(let rows) = walk.pairInstancesByBits(lead: lead, slots: slots, from: from,
                                                                                  below: below, window: window),
                                  let seeking else {
                                wrong.append("\(phrase) lead \(lead) from \(from) window \(window): no answer")
                                continue
                            }
                            compared += 1
                            if rows.map({ "\($0.id) \($0.frequency)" }) != seeking.map({ "\($0.id) \($0.frequency)" }) {
                                wrong.append("\(phrase) lead \(lead) from \(from) window \(window)")
                            }
                        }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(state): \(wrong.count) pair walks differ, \(wrong.prefix(5))")
        #expect(compared >= 1_500, "\(state): only \(compared) pair walks compared")
    }

    /// Outside a read transaction, or with a write open (FTS5 holds the writer's terms in memory), the leaves
    /// do not answer, and FTS5 walks the phrase.
    @Test func declinesWhereTheLeavesAreNotTheAnswer() throws {
        let index = try TestFolder().openIndex()
        var corpus = TopKCorpus(seed: 8)
        try index.transaction { for number in 0..<50 { _ = try index.save(corpus.note(number)) } }
        let db = index.connection
        let statistics = try MatchStatistics(db)
        #expect(try PhraseLeaves.rows(of: ["alpha", "bravo"], db, statistics) == nil)
        let inRead = try db.transaction(.deferred) { try PhraseLeaves.rows(of: ["alpha", "bravo"], db, statistics) }
        #expect(inRead != nil)
        let inWrite = try index.transaction {
            _ = try index.save(corpus.note(60))
            return try PhraseLeaves.rows(of: ["alpha", "bravo"], db, statistics)
        }
        #expect(inWrite == nil)
    }

    /// The smallest and largest note ids SQLite allows are walked, whole and in halves (found by a review: a
    /// bound of `id < Int64.max` left out the note of that id).
    @Test func walksTheSmallestAndLargestNoteIDs() throws {
        let index = try TestFolder().openIndex()
        let db = index.connection
        var corpus = TopKCorpus(seed: 12)
        try index.transaction { for number in 0..<60 { _ = try index.save(corpus.note(number)) } }
        try index.transaction {
            for (number, id) in [Int64.min, -5, .max].enumerated() {
                try db.execute("""
                    INSERT INTO notes(id, path, position, title, body, tags)
                    VALUES (\(id), '/edge/\(number).md', 0, 'alpha bravo', 'alpha bravo alpha', '')
                    """)
            }
        }
        let statistics = try MatchStatistics(db)
        let (whole, halves, parts, walked) = try db.transaction(.deferred) {
            var rows: [MatchStatistics.Row] = []
            try statistics.walk("\"alpha bravo\"", db, into: &rows)
            return (try PhraseLeaves.rows(of: ["alpha", "bravo"], db, statistics),
                    try PhraseLeaves.rows(of: ["alpha", "bravo"], db, statistics, splitFrom: 0),
                    try PhraseLeaves.rows(of: ["alpha", "bravo"], db, statistics, splitFrom: 0, partBytes: 1), rows)
        }
        #expect(walked.contains { $0.id == .max } && walked.contains { $0.id == .min })
        // The parts are cut at page starts, whatever the span of the ids: the extreme ids do not keep the walk
        // whole (before the twenty-second session's review, a span past Int64.max did).
        let bounds = try db.transaction(.deferred) { () -> [Int64]? in
            var walk = PhraseLeaves.Walk()
            guard case .slots = try walk.read(["alpha", "bravo"], SegmentPostings.of(db)) else { return nil }
            return walk.bounds(parts: 64)
        }
        #expect((bounds?.count ?? 0) >= 1)
        for rows in [whole, halves, parts] {
            #expect(rows?.map(\.id) == walked.map(\.id))
            #expect(rows?.map(\.frequency) == walked.map(\.frequency))
        }
    }

    /// A page missing from the middle of a doclist (a damaged file) makes the leaves decline, not answer
    /// without it.
    @Test func declinesWhenAPageOfADoclistIsMissing() throws {
        let index = try TestFolder().openIndex()
        let db = index.connection
        try db.execute("INSERT INTO notes_fts(notes_fts, rank) VALUES ('pgsz', 64)")
        var corpus = TopKCorpus(seed: 9)
        try index.transaction { for number in 0..<200 { _ = try index.save(corpus.note(number)) } }
        let statistics = try MatchStatistics(db)
        let leaves = try SegmentPostings(db)
        defer { leaves.close() }
        let missing = try db.transaction(.deferred) { () -> Int64? in
            guard let structure = try leaves.structure(),
                  let segment = structure.levels.flatMap(\.segments).max(by: { $0.pageCount < $1.pageCount }),
                  let key = SegmentPostings.key(of: "alpha") else { return nil }
            return Int64(segment.id) << Int64(FullTextStructure.segmentShift) + Int64(try leaves.firstPage(for: key, in: segment) + 2)
        }
        let before = try db.transaction(.deferred) { try PhraseLeaves.rows(of: ["alpha", "bravo"], db, statistics) }
        #expect(before?.isEmpty == false)
        try db.execute("DELETE FROM notes_fts_data WHERE id = \(missing ?? 0)")
        #expect(try db.scalarInt("SELECT changes()") == 1)
        let after = try db.transaction(.deferred) { try PhraseLeaves.rows(of: ["alpha", "bravo"], db, statistics) }
        #expect(after == nil)
    }
}
