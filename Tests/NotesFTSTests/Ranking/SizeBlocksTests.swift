import Testing
import SQLiteKit
@testable import NotesFTS

/// ``SizeBlocks``: every note's size as FTS5 counts it, across rows and through the log replay, and the
/// walks that read it (``MatchStatistics``) rank as FTS5 does.
@Suite struct SizeBlocksTests {
    @Test(arguments: [(nil, 0), (0, 1), (1, 2), (65_533, 65_534), (65_534, 0xFFFF), (70_000, 0xFFFF)] as [(Int?, Int)])
    func entriesHoldTheSizePlusOneOrTheEscape(size: Int?, entry: Int) {
        #expect(SizeBlocks.entry(size) == UInt16(entry))
    }

    @Test func entriesSurviveEncoding() {
        var generator = SeededGenerator(state: 9)
        let entries = (0..<SizeBlocks.notesPerBlock).map { _ in UInt16(truncatingIfNeeded: generator.next()) }
        #expect(SizeBlocks.decode(SizeBlocks.encode(entries)) == entries)
        #expect(SizeBlocks.decode(Array(SizeBlocks.encode(entries).prefix(10))) == Array(entries.prefix(5)) + Array(repeating: 0, count: SizeBlocks.notesPerBlock - 5))
    }

    @Test func theTableHoldsFTS5sSizesAcrossRowsAndThroughReplays() throws {
        let index = try TestFolder().openIndex()
        let db = index.connection
        func insert(_ id: Int64, _ words: Int) throws {
            try db.run("INSERT INTO notes(id, path, title, body, tags) VALUES (?1, ?2, 'title', ?3, '')",
                       [.integer(id), .text("/n/\(id).md"), .text(String(repeating: "word ", count: words))])
        }
        try index.transaction {
            for id: Int64 in [1, 2, 1_023, 1_024, 1_025, 5_000, 70_001] { try insert(id, Int(id % 97) + 3) }
        }
        try index.rebuildRankingTables()
        #expect(try SizeBlocks.isUsable(db))
        #expect(try db.scalarInt("SELECT count(*) FROM topk_sizes") == 4)
        try expectSizesAreFTS5s(index)

        try index.transaction {
            try db.run("UPDATE notes SET body = 'three more words' WHERE id = 1024")
            try db.run("DELETE FROM notes WHERE id IN (2, 5000)")
            try insert(3_000, 7)
            try insert(2, 70_000)  // past two bytes: read from FTS5
        }
        #expect(try SizeBlocks.isUsable(db))
        try expectSizesAreFTS5s(index)
        var reader = try SizeBlocks.Reader(db)
        #expect(try reader.size(of: 2, db) == 70_001)
        try reader.finish()
        // What the replays left is what a fill from FTS5 writes.
        let replayed = try rows(db)
        try index.transaction { try SizeBlocks.fill(db) }
        #expect(try rows(db) == replayed)

        // A write the log has not replayed yet: the table is not read.
        try db.run("UPDATE notes SET body = 'x' WHERE id = 1")
        #expect(try !SizeBlocks.isUsable(db))
        #expect(try !MatchStatistics(db).sizesFromTable)
    }

    /// The reader steps to rows a few blocks ahead and seeks to others: in every order of asking (ascending
    /// through neighbouring rows, across gaps of missing rows longer than it steps, backwards, at random, the
    /// same note twice) each size is its row's, and a note with no row reads as FTS5's (none: 0).
    @Test func theReaderStepsOrSeeksToEveryRow() throws {
        let index = try TestFolder().openIndex()
        let db = index.connection
        var generator = SeededGenerator(state: 20_261_216)
        // Notes in blocks 0–40 (some blocks empty), then blocks 60–63 and 200.
        var ids: [Int64] = []
        for block in Array(0...40) + [60, 61, 62, 63, 200] where block % 7 != 3 {
            for _ in 0..<3 { ids.append(Int64(block * SizeBlocks.notesPerBlock) + Int64(generator.next() % 1_024)) }
        }
        ids = Array(Set(ids)).sorted()
        try index.transaction {
            for id in ids {
                try db.run("INSERT INTO notes(id, path, title, body, tags) VALUES (?1, ?2, 'title', ?3, '')",
                           [.integer(id), .text("/n/\(id).md"), .text(String(repeating: "word ", count: Int(id % 89) + 1))])
            }
        }
        try index.rebuildRankingTables()
        // Entries of the table's own, unlike FTS5's sizes, so that a size not read from its row shows.
        let rows = try db.query("SELECT block FROM topk_sizes") { $0.int64(0) }
        #expect(rows.count == Set(ids.map { SizeBlocks.place(of: $0).block }).count)
        try index.transaction {
            for block in rows {
                var entries = [UInt16](repeating: 0, count: SizeBlocks.notesPerBlock)
                for id in ids where SizeBlocks.place(of: id).block == block {
                    entries[SizeBlocks.place(of: id).slot] = SizeBlocks.entry(Int(id % 500) + 1_000)
                }
                try db.run("UPDATE topk_sizes SET sizes = ?1 WHERE block = ?2", [.blob(SizeBlocks.encode(entries)), .integer(block)])
            }
        }
        var shuffled = ids
        for index in shuffled.indices.reversed() { shuffled.swapAt(index, Int(generator.next() % UInt64(index + 1))) }
        let absent: [Int64] = [Int64(3 * SizeBlocks.notesPerBlock + 5), Int64(100 * SizeBlocks.notesPerBlock), 999_999]
        let orders: [[Int64]] = [ids, ids.reversed(), shuffled, ids.flatMap { [$0, $0] },
                                 stride(from: 0, to: ids.count, by: 5).map { ids[$0] }, (ids + absent).sorted()]
        for (number, order) in orders.enumerated() {
            var reader = try SizeBlocks.Reader(db)
            for id in order {
                let expected = ids.contains(id) ? Int(id % 500) + 1_000 : 0
                #expect(try reader.size(of: id, db) == expected, "order \(number), note \(id)")
            }
            try reader.finish()
        }
    }

    /// Two readers on one connection share its cached statement: each still reads the row it asks for when the
    /// other has moved or reset the statement in between.
    @Test func readersSharingTheStatementReadTheirOwnRows() throws {
        let index = try TestFolder().openIndex()
        let db = index.connection
        try db.execute("DELETE FROM topk_sizes")
        for block in 0..<20 where block != 12 {
            try db.run("INSERT INTO topk_sizes(block, sizes) VALUES (?1, ?2)",
                       [.integer(Int64(block)), .blob(SizeBlocks.encode([UInt16](repeating: UInt16(block + 101), count: 1024)))])
        }
        let note = { (block: Int) in Int64(block << 10) + 3 }
        var first = try SizeBlocks.Reader(db)
        #expect(try first.size(of: note(10), db) == 110)
        // No row 12: the statement steps on to row 13.
        #expect(try first.size(of: note(12), db) == 0)
        var second = try SizeBlocks.Reader(db)
        #expect(try second.size(of: note(16), db) == 116)
        #expect(try first.size(of: note(13), db) == 113)
        #expect(try second.size(of: note(17), db) == 117)
        try first.finish()
        #expect(try second.size(of: note(18), db) == 118)
        try second.finish()
    }

    @Test func anIndexUpgradedFromVersion8HasEverySizeAndRanksAlike() throws {
        let folder = TestFolder()
        let path = try SchemaFixtures.copy(version: 8, into: folder)
        let queries = ["\"deploy on tuesday\"", "deploy", "programmer*", "국회의원"]
        let reader = try NoteIndex(path: path, mode: .readOnly)
        #expect(try !MatchStatistics(reader.connection).sizesFromTable)
        let before = try queries.map { try reader.search($0).map { "\($0.id) \($0.score)" } }
        reader.close()
        #expect(before.allSatisfy { !$0.isEmpty })

        let upgraded = try NoteIndex(path: path)
        #expect(try upgraded.connection.userVersion == Schema.currentVersion)
        #expect(try MatchStatistics(upgraded.connection).sizesFromTable)
        try expectSizesAreFTS5s(upgraded)
        #expect(try queries.map { try upgraded.search($0).map { "\($0.id) \($0.score)" } } == before)
    }

    private func expectSizesAreFTS5s(_ index: NoteIndex) throws {
        let db = index.connection
        var reader = try SizeBlocks.Reader(db)
        let ids = try db.query("SELECT id FROM notes ORDER BY id") { $0.int64(0) }
        #expect(!ids.isEmpty)
        for id in ids {
            let expected = try DocumentSizes.size(of: id, db)
            #expect(expected != nil)
            #expect(try reader.size(of: id, db) == expected, "note \(id)")
        }
        try reader.finish()
        var rows: [MatchStatistics.Row] = []
        let statistics = try MatchStatistics(db)
        try statistics.walk("\"title\" OR \"deploy\" OR \"국회\"", db, into: &rows)
        try statistics.completeSizes(&rows, db)
        for row in rows { #expect(try Int(row.size) == DocumentSizes.size(of: row.id, db), "walk, note \(row.id)") }
    }

    private func rows(_ db: Connection) throws -> [String] {
        try db.query("SELECT block, hex(sizes) FROM topk_sizes ORDER BY block") { "\($0.int64(0)) \($0.text(1) ?? "")" }
    }
}
