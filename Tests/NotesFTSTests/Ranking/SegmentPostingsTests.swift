import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

@Suite struct SegmentPostingsTests {
    /// Every term's postings read from the leaves equal FTS5's own answer (its rows and the weighted frequency
    /// `notes_phrase_frequency` reads from their instances), with pages small enough that doclists, position
    /// lists and terms cross page boundaries, over several segments.
    @Test(arguments: [64, 300, 4050])
    func readsWhatFTS5Reads(pageSize: Int) throws {
        let folder = TestFolder()
        let index = try Self.index(folder, pageSize: pageSize, seed: UInt64(pageSize))
        let terms = try Self.terms(index.connection)
        #expect(terms.count > 250)
        let reader = try SegmentPostings(index.connection)
        defer { reader.close() }
        var mismatches: [String] = []
        for term in terms + ["zzzz", "", "0", "alph"] {
            let read = try index.connection.transaction(.deferred) { try reader.postings(of: term) }
            if read != (try Self.expected(term, index.connection)) { mismatches.append(term) }
        }
        #expect(mismatches.isEmpty, "page size \(pageSize): \(mismatches.prefix(5))")
    }

    /// After notes are deleted and updated, a term whose old entries are still in an older segment (or whose
    /// new ones carry the delete flag) is not read from the leaves (`nil`: the caller asks FTS5); every term
    /// that is read is right. Once the segments are merged into one, every term is read again.
    @Test func neverMisreadsDeletedOrUpdatedNotes() throws {
        let folder = TestFolder()
        let index = try Self.index(folder, pageSize: 200, seed: 9)
        var corpus = TopKCorpus(seed: 99)
        try index.transaction {
            for id in stride(from: 3, through: 300, by: 11) { _ = try index.deleteNote(id: Int64(id)) }
        }
        try index.transaction { for number in stride(from: 5, to: 300, by: 13) { _ = try index.save(corpus.note(number)) } }
        let reader = try SegmentPostings(index.connection)
        defer { reader.close() }
        var declined = 0, wrong: [String] = []
        for term in try Self.terms(index.connection) {
            let read = try index.connection.transaction(.deferred) { try reader.postings(of: term) }
            if read == nil { declined += 1 } else if read != (try Self.expected(term, index.connection)) { wrong.append(term) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(declined > 10)
        try index.connection.execute("INSERT INTO notes_fts(notes_fts) VALUES ('optimize')")
        for term in try Self.terms(index.connection) {
            let read = try index.connection.transaction(.deferred) { try reader.postings(of: term) }
            let expected = try Self.expected(term, index.connection)
            #expect(read == expected, "\(term) after optimize")
        }
    }

    /// While an incremental merge is in progress, nothing is read from the leaves.
    @Test func declinesDuringAMerge() throws {
        let folder = TestFolder()
        let index = try Self.index(folder, pageSize: 64, seed: 3)
        // Five small segments on level 0 (automerge is off), then a merge given one page of work.
        var corpus = TopKCorpus(seed: 4)
        for number in 400..<405 { _ = try index.save(corpus.note(number)) }
        try index.connection.execute("INSERT INTO notes_fts(notes_fts, rank) VALUES ('merge', 1)")
        guard case .blob(let bytes)? = try index.connection.scalarValue("SELECT block FROM notes_fts_data WHERE id = 10") else {
            Issue.record("no structure record")
            return
        }
        #expect(FullTextStructure(bytes: bytes)?.isMerging == true)
        let reader = try SegmentPostings(index.connection)
        defer { reader.close() }
        #expect(try index.connection.transaction(.deferred) { try reader.postings(of: "alpha") } == nil)
    }

    /// ``SegmentPostings/doclists(from:through:)`` reads every term's notes and positions as FTS5 reads them (its
    /// instances, `fts5vocab`), in every state the leaves can be in: several segments with pages small enough
    /// that doclists and position lists cross them; after deletes and updates (entries with no position, a
    /// note in two segments); during an incremental merge; after `optimize`.
    @Test(arguments: [64, 200])
    func doclistsAreFTS5sInEveryState(pageSize: Int) throws {
        let folder = TestFolder()
        let index = try Self.index(folder, pageSize: pageSize, seed: 21)
        let db = index.connection
        let reader = try SegmentPostings(db)
        defer { reader.close() }
        try Self.checkDoclists(reader, db, state: "fresh")
        var corpus = TopKCorpus(seed: 22)
        try index.transaction {
            for id in stride(from: 2, through: 300, by: 7) { _ = try index.deleteNote(id: Int64(id)) }
            for number in stride(from: 4, to: 300, by: 9) { _ = try index.save(corpus.note(number)) }
        }
        try Self.checkDoclists(reader, db, state: "updated and deleted")
        for number in 400..<405 { _ = try index.save(corpus.note(number)) }
        try db.execute("INSERT INTO notes_fts(notes_fts, rank) VALUES ('merge', 1)")
        guard case .blob(let bytes)? = try db.scalarValue("SELECT block FROM notes_fts_data WHERE id = 10") else {
            Issue.record("no structure record")
            return
        }
        #expect(FullTextStructure(bytes: bytes)?.isMerging == true)
        try Self.checkDoclists(reader, db, state: "merging")
        try db.execute("INSERT INTO notes_fts(notes_fts) VALUES ('optimize')")
        try Self.checkDoclists(reader, db, state: "optimized")
    }

    /// Every term's doclist (and a few absent terms') as FTS5's instances give it.
    private static func checkDoclists(_ reader: SegmentPostings, _ db: Connection, state: String) throws {
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.segment_instances USING fts5vocab(main, notes_fts, instance)")
        var expected: [String: [[Int64]]] = [:]
        let columns = ["title": Int64(0), "body": 1, "tags": 2]
        try db.query("SELECT term, doc, col, offset FROM temp.segment_instances") {
            ($0.text(0) ?? "", $0.int64(1), columns[$0.text(2) ?? ""] ?? -1, $0.int64(3))
        }.forEach { expected[$0.0, default: []].append([$0.1, $0.2 << 32 | $0.3]) }
        #expect(expected.count > 250, "\(state): \(expected.count) terms")
        var wrong: [String] = []
        func check(_ read: SegmentPostings.Doclists, _ terms: [String]) {
            let found = Dictionary(read.terms.map { ($0.term, $0.entries) }) { first, _ in first }
            for term in terms {
                var instances: [[Int64]] = []
                var positions = PositionList()
                for entry in found[term] ?? [] {
                    let decoded = positions.decode(read.bytes, Int(entry.start)..<Int(entry.end))
                    #expect(decoded)
                    instances += positions.values.prefix(positions.count).map { [entry.id, $0] }
                }
                if instances.sorted(by: { $0.lexicographicallyPrecedes($1) })
                    != (expected[term] ?? []).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                    wrong.append(term)
                }
            }
        }
        // Each term as a range of one, absent terms too; then the whole vocabulary as one range.
        for term in Array(expected.keys) + ["zzzz", "alph"] {
            guard let read = try db.transaction(.deferred, { try reader.doclists(from: term, through: term) }) else {
                wrong.append("\(term) (not read)")
                continue
            }
            #expect(read.terms.count == (expected[term] == nil ? 0 : 1), "\(state): \(term)")
            check(read, [term])
        }
        let all = expected.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        // The terms strictly between two (a prefix's untracked expansions between two tracked ones): the range
        // begins just after a term whose doclist may run over many pages, which are skipped.
        for (index, term) in all.enumerated() {
            let until = index + 3 < all.count ? SegmentPostings.key(of: all[index + 3]) : SegmentPostings.key(of: "zzzzzz")
            guard let from = SegmentPostings.key(of: term), let until,
                  let read = try db.transaction(.deferred, { try reader.doclists(keysFrom: from + [0], below: until) }) else {
                wrong.append("after \(term) (not read)")
                continue
            }
            let between = Array(all[(index + 1)..<min(index + 3, all.count)])
            #expect(read.terms.map(\.term) == between, "\(state): after \(term)")
            check(read, between)
        }
        if let read = try db.transaction(.deferred, { try reader.doclists(from: all[0], through: all[all.count - 1]) }) {
            #expect(read.terms.map(\.term) == all, "\(state): the terms of the whole range")
            check(read, all)
        } else {
            wrong.append("the whole range (not read)")
        }
        #expect(wrong.isEmpty, "\(state), page size: \(wrong.count) terms read wrong, \(wrong.prefix(5))")
    }

    /// A doclist whose entry claims a size past the end of the bytes (a nine-byte varint) does not decode,
    /// and does not overflow while it is counted.
    @Test func refusesAnEntryLargerThanItsDoclist() {
        var entries: [SegmentPostings.Doclists.Entry] = []
        #expect(!SegmentPostings.appendEntries([0x01] + Array(repeating: 0xFF, count: 9), from: 0, whole: [0], to: &entries))
        #expect(!SegmentPostings.appendEntries([0x01, 0x08, 0x02], from: 0, whole: [0], to: &entries))
        #expect(SegmentPostings.appendEntries([0x01, 0x02, 0x02], from: 0, whole: [0], to: &entries))
        #expect(entries == [SegmentPostings.Doclists.Entry(id: 1, start: 2, end: 3)])
    }

    /// Pages whose header or footer do not describe a page are refused, not read past their end.
    @Test(arguments: [
        [], [0, 0, 0], [0, 0, 0, 3], [0, 0, 0, 9, 1], [0, 9, 0, 6, 1, 2], [0, 0, 0, 4, 0x81], [0, 0, 0, 5, 7, 0],
        // A footer offset of 2^63 - 1 (a nine-byte varint): refused, not added.
        [0, 0, 0, 4, 0xBF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
    ] as [[UInt8]])
    func refusesMalformedPages(bytes: [UInt8]) {
        #expect(LeafPage(bytes) == nil)
    }

    /// Seeded random bytes, as a page and as a doclist, decode to something or to `nil`, never past their end.
    @Test func survivesRandomBytes() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        let reader = try SegmentPostings(index.connection)
        defer { reader.close() }
        var random = SeededGenerator(state: 2026)
        for _ in 0..<2_000 {
            let bytes = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            _ = LeafPage(bytes)?.find([0x30, 0x61])
            _ = reader.decode(bytes, whole: [0])
        }
    }

    /// Terms FTS5 would store cut (past 32,768 bytes, or at a zero byte) are not looked up; a doclist entry
    /// with a huge size, no position or a delete flag does not decode.
    @Test func refusesWhatFTS5StoresDifferently() throws {
        let folder = TestFolder()
        let index = try Self.index(folder, pageSize: 4050, seed: 1)
        let reader = try SegmentPostings(index.connection)
        defer { reader.close() }
        for term in [String(repeating: "a", count: 32_769), "al\u{0}pha"] {
            #expect(try index.connection.transaction(.deferred) { try reader.postings(of: term) } == nil)
        }
        #expect(try index.connection.transaction(.deferred) { try reader.postings(of: "alpha") } != nil)
        let huge: [UInt8] = [0x05, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE]
        for doclist in [huge, [0x05, 0x00], [0x05, 0x03, 0x02]] as [[UInt8]] {
            #expect(reader.decode(doclist, whole: [0]) == nil, "\(doclist)")
        }
        // Two positions in the title weigh 20; a page's whole rowid must come after the one before.
        #expect(reader.decode([0x05, 0x04, 0x02, 0x02], whole: [0]) == SegmentPostings.Postings(ids: [5], frequencies: [20]))
        #expect(reader.decode([0x05, 0x02, 0x02, 0x07, 0x02, 0x02], whole: [0, 3])?.ids == [5, 7])
        #expect(reader.decode([0x05, 0x02, 0x02, 0x01, 0x02, 0x02], whole: [0, 3]) == nil)
    }

    /// The merge of the segments' lists keeps note order, and refuses a note found in two.
    @Test func mergesSegmentsInNoteOrder() {
        let a = SegmentPostings.Postings(ids: [1, 5, 9], frequencies: [1, 2, 3])
        let b = SegmentPostings.Postings(ids: [2, 6], frequencies: [10, 11])
        let merged = SegmentPostings.merged([a, b])
        #expect(merged?.ids == [1, 2, 5, 6, 9] && merged?.frequencies == [1, 10, 2, 11, 3])
        #expect(SegmentPostings.merged([a, SegmentPostings.Postings(ids: [5], frequencies: [1])]) == nil)
        #expect(SegmentPostings.merged([]) == SegmentPostings.Postings())
    }

    /// An index of generated notes in three segments (automerge off), with FTS5 pages of `pageSize` bytes, a
    /// note repeating a word thousands of times (a position list over many pages) and one with long words.
    private static func index(_ folder: TestFolder, pageSize: Int, seed: UInt64) throws -> NoteIndex {
        let index = try folder.openIndex()
        try index.connection.execute("""
            INSERT INTO notes_fts(notes_fts, rank) VALUES ('pgsz', \(pageSize));
            INSERT INTO notes_fts(notes_fts, rank) VALUES ('automerge', 0);
            """)
        var corpus = TopKCorpus(seed: seed)
        for part in 0..<3 {
            try index.transaction { for number in (part * 100)..<(part * 100 + 100) { _ = try index.save(corpus.note(number)) } }
        }
        try index.transaction {
            let repeated = Array(repeating: "alpha bravo", count: 3_000).joined(separator: " ")
            _ = try index.save(Note(path: "/topk/long.md", title: "alpha", body: repeated, tags: ["alpha", "kilo"]))
            let long = String(repeating: "q", count: 900)
            _ = try index.save(Note(path: "/topk/words.md", title: long, body: "\(long) \(long)x alpha", tags: []))
        }
        return index
    }

    /// The terms of the index.
    private static func terms(_ db: Connection) throws -> [String] {
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.segment_vocab USING fts5vocab(main, notes_fts, row)")
        return try db.query("SELECT term FROM temp.segment_vocab") { $0.text(0) ?? "" }
    }

    /// `term`'s postings as FTS5 answers them.
    private static func expected(_ term: String, _ db: Connection) throws -> SegmentPostings.Postings {
        var postings = SegmentPostings.Postings()
        let rows = try db.query("""
            SELECT rowid, \(RowStatisticsFunctions.frequency)(notes_fts) FROM notes_fts WHERE notes_fts MATCH ?1 ORDER BY rowid
            """, [.text(RankingTables.matchString(term))]) { ($0.int64(0), $0.double(1)) }
        for (id, frequency) in rows {
            postings.ids.append(id)
            postings.frequencies.append(frequency)
        }
        return postings
    }
}

/// One position list decoded (a reference decoder for the test), as `column << 32 | offset`, ascending; its room is kept from note to note.
private struct PositionList {
    var values: [Int64] = []
    var count = 0

    /// Decodes `bytes[range]` in place of what it held; `false` when it does not decode.
    mutating func decode(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        count = 0
        return bytes.withUnsafeBufferPointer { bytes in
            var offset = range.lowerBound
            var position: Int64 = 0
            while offset < range.upperBound {
                guard let value = Varint.read(bytes, &offset, end: range.upperBound) else { return false }
                if value == 1 {
                    guard let column = Varint.read(bytes, &offset, end: range.upperBound), column < 1 << 31 else { return false }
                    position = Int64(column) << 32
                    continue
                }
                guard value >= 2, value - 2 < 1 << 31 else { return false }
                position += Int64(value - 2)
                if count == values.count { values.append(position) } else { values[count] = position }
                count += 1
            }
            return true
        }
    }

    /// Whether the list holds `value` (a binary search).
    func contains(_ value: Int64) -> Bool {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) >> 1
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && values[low] == value
    }
}
