import Foundation
import Testing
import SQLiteKit
@testable import NotesFTS

/// ``PostingStore/apply(_:_:_:)`` keeps a term's blocks equal to the postings a plain dictionary says it has,
/// through seeded rounds of puts and removals before, inside, between and after the blocks (so blocks empty,
/// grow, split and change their keys), and keeps every block keyed by its first note.
struct PostingStoreTests {
    @Test func seededChangesKeepTheBlocksEqualToAModel() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        let db = index.connection
        var random = SeededGenerator(state: 20_261_201)
        var model: [Int64: (frequency: Double, size: Int)] = [:]
        var initial = PostingList()
        for id in stride(from: Int64(500), to: 5_000, by: 5) {
            let posting = (frequency: Double(random.next() % 40 + 1), size: Int(random.next() % 900 + 1))
            model[id] = posting
            initial.append(id: id, frequency: posting.frequency, size: posting.size)
        }
        try db.transaction { try PostingStore.write("term", initial, db) }
        try expectStored(model, db, round: -1)
        for round in 0..<120 {
            var changes: [Int64: PostingChange] = [:]
            // Clustered rounds grow one block past the split size; spread rounds touch many blocks.
            let clustered = round % 7 == 3
            let centre = Int64(random.next() % 5_600)
            for _ in 0..<Int(random.next() % (clustered ? 400 : 40) + 1) {
                let id = clustered ? centre + Int64(random.next() % 300) : Int64(random.next() % 5_600)
                if random.next() % 3 == 0 {
                    changes[id] = .remove
                } else {
                    changes[id] = .put(frequency: Double(random.next() % 40 + 1), size: Int(random.next() % 900 + 1))
                }
            }
            for (id, change) in changes {
                if case .put(let frequency, let size) = change { model[id] = (frequency, size) } else { model[id] = nil }
            }
            let sorted = changes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            try db.transaction { try PostingStore.apply("term", sorted, db) }
            try expectStored(model, db, round: round)
        }
        // Removing every posting leaves no block.
        let all = model.keys.sorted().map { ($0, PostingChange.remove) }
        try db.transaction { try PostingStore.apply("term", all, db) }
        #expect(try db.scalarInt("SELECT count(*) FROM topk_postings") == 0)
        // And a term with no block takes its first postings.
        try db.transaction { try PostingStore.apply("term", [(7, .put(frequency: 2, size: 9))], db) }
        try expectStored([7: (2, 9)], db, round: 120)
    }

    /// The stored list equals `model`, and each block is keyed by its first note and holds at most twice
    /// the block size.
    private func expectStored(_ model: [Int64: (frequency: Double, size: Int)], _ db: Connection, round: Int) throws {
        try db.run("INSERT INTO topk_terms(term, df, frontier) VALUES ('term', ?1, x'') ON CONFLICT(term) DO UPDATE SET df = excluded.df",
                   [.integer(Int64(model.count))])
        let list = try PostingStore.load("term", db)
        let ids = model.keys.sorted()
        #expect(list.ids == ids, "round \(round): ids")
        #expect(list.frequencies == ids.map { model[$0]?.frequency ?? 0 }, "round \(round): frequencies")
        #expect(list.sizes == ids.map { Int32(model[$0]?.size ?? 0) }, "round \(round): sizes")
        let blocks = try db.query("SELECT first, postings FROM topk_postings WHERE term = 'term' ORDER BY first") { row in
            var block = PostingList()
            _ = row.withBlob(1) { block.decode($0, first: row.int64(0)) }
            return (row.int64(0), block)
        }
        for (key, block) in blocks {
            #expect(block.count > 0 && block.count <= 2 * PostingList.blockSize, "round \(round): block \(key) holds \(block.count)")
            #expect(block.ids.first == key, "round \(round): block \(key) starts at \(block.ids.first ?? -1)")
        }
    }
}
