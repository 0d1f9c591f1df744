import Testing
import SQLiteKit
@testable import NotesFTS

/// ``SizeCache``: rows of ``SizeBlocks`` kept with the connection are read again only while nothing changed the
/// database; a write on the connection or a commit by another empties the cache, and the sizes read after are
/// the table's new ones.
@Suite struct SizeCacheTests {
    /// An index with notes in blocks 0, 1, 3 and 9, its tables built.
    private static func index() throws -> (NoteIndex, [Int64]) {
        let index = try TestFolder().openIndex()
        let ids: [Int64] = [1, 700, 1_030, 3_100, 3_101, 9_300]
        try index.transaction {
            for id in ids {
                try index.connection.run("INSERT INTO notes(id, path, title, body, tags) VALUES (?1, ?2, 'title', ?3, '')",
                                         [.integer(id), .text("/n/\(id).md"), .text(String(repeating: "word ", count: Int(id % 41) + 2))])
            }
        }
        try index.rebuildRankingTables()
        return (index, ids)
    }

    private static func sizes(_ ids: [Int64], _ db: Connection, cached: Bool) throws -> [Int] {
        var reader = try SizeBlocks.Reader(db, cached: cached)
        defer { try? reader.finish() }
        return try ids.map { try reader.size(of: $0, db) }
    }

    /// Every table row writes the same entry for all its notes, `value` + the row's block.
    private static func overwriteRows(_ db: Connection, value: Int) throws {
        for block in try db.query("SELECT block FROM topk_sizes", [], { $0.int64(0) }) {
            try db.run("UPDATE topk_sizes SET sizes = ?1 WHERE block = ?2",
                       [.blob(SizeBlocks.encode([UInt16](repeating: UInt16(value + Int(block)), count: SizeBlocks.notesPerBlock))),
                        .integer(block)])
        }
    }

    @Test func rowsReadAreKeptAndGiveTheTablesSizes() throws {
        let (index, ids) = try Self.index()
        let db = index.connection
        let uncached = try Self.sizes(ids, db, cached: false)
        #expect(try SizeCache.of(db).count == 0)
        #expect(try Self.sizes(ids, db, cached: true) == uncached)
        #expect(try SizeCache.of(db).count == 4)
        #expect(try Self.sizes(ids.reversed(), db, cached: true) == uncached.reversed())
        #expect(uncached.allSatisfy { $0 > 0 })
    }

    @Test func aWriteOnTheConnectionEmptiesTheCache() throws {
        let (index, ids) = try Self.index()
        let db = index.connection
        _ = try Self.sizes(ids, db, cached: true)
        try db.transaction(.immediate) { try Self.overwriteRows(db, value: 500) }
        #expect(try SizeCache.of(db).count == 0)
        let after = try Self.sizes(ids, db, cached: true)
        #expect(after == ids.map { 499 + Int(SizeBlocks.place(of: $0).block) })
        #expect(after == (try Self.sizes(ids, db, cached: false)))
    }

    /// Rows read inside a write that is then rolled back (a transaction, or a savepoint within a read) are
    /// neither kept nor served: a rollback changes none of the figures the cache is checked against (found by
    /// a review, with stale sizes served after the rollback).
    @Test(arguments: [false, true])
    func rowsReadInsideARolledBackWriteAreNotKept(savepoint: Bool) throws {
        struct RolledBack: Error {}
        let (index, ids) = try Self.index()
        let db = index.connection
        let table = try Self.sizes(ids, db, cached: false)
        let readInside = {
            try Self.overwriteRows(db, value: 777)
            #expect(try Self.sizes(ids, db, cached: true) == ids.map { 776 + Int(SizeBlocks.place(of: $0).block) })
            throw RolledBack()
        }
        if savepoint {
            try db.transaction(.deferred) { _ = try? db.savepoint(readInside) }
        } else {
            _ = try? db.transaction(.immediate, readInside)
        }
        #expect(try Self.sizes(ids, db, cached: true) == table)
    }

    @Test func aCommitByAnotherConnectionEmptiesTheCache() throws {
        let (index, ids) = try Self.index()
        let db = index.connection
        _ = try Self.sizes(ids, db, cached: true)
        let other = try Connection(path: index.path)
        defer { other.close() }
        try other.transaction(.immediate) { try Self.overwriteRows(other, value: 900) }
        let after = try Self.sizes(ids, db, cached: true)
        #expect(after == ids.map { 899 + Int(SizeBlocks.place(of: $0).block) })
    }
}
