import Testing
@testable import NotesFTS

/// ``FrequencyTable``: filled from a list's encoded blocks, it gives every wanted note the frequency the list
/// holds (0 and not counted where it holds none, frequencies of 254 and more kept aside), as a lookup in the
/// list itself does; it refuses ids too sparse for it, ids past the top and malformed blocks, and says nothing
/// once refused.
struct FrequencyTableTests {
    @Test func givesWhatTheListHolds() {
        var random = SeededGenerator(state: 20_261_203)
        var table = FrequencyTable()
        for round in 0..<150 {
            var list = PostingList()
            var id = Int64(random.next() % 30)
            for _ in 0..<Int(random.next() % 2_000) {
                id += Int64(random.next() % (random.chance(10) ? 200 : 12)) + 1
                let frequency = random.chance(15) ? 240 + random.next() % 40 : random.next() % 30 + 1
                list.append(id: id, frequency: Double(frequency), size: Int(random.next() % 900) + 1)
            }
            let top = (list.ids.last ?? 0) + Int64(random.next() % 50)
            // The same table, reused: what one list left must not show through in the next.
            PostingStoreFill.fill(&table, list, documents: list.count, top: top)
            #expect(!table.refused, "round \(round)")
            // Wanted: some of the list's ids, ids around them, and ids past both ends.
            var wanted = Set<Int64>()
            for _ in 0..<Int(random.next() % 400) {
                let near = list.ids.isEmpty ? 0 : list.ids[Int(random.next() % UInt64(list.count))]
                wanted.insert(near + Int64(random.next() % 5) - 2)
            }
            wanted.formUnion([-3, 0, top, top + 1, top + 1_000])
            let ids = wanted.sorted()
            let held = Dictionary(uniqueKeysWithValues: zip(list.ids, list.frequencies))
            guard let found = table.frequencies(of: ids) else {
                Issue.record("round \(round): refused")
                continue
            }
            #expect(found.frequencies == ids.map { held[$0] ?? 0 }, "round \(round)")
            #expect(found.found == ids.filter { held[$0] != nil }.count, "round \(round)")
        }
    }

    @Test(arguments: [
        (documents: 10, top: Int64(FrequencyTable.spanAllowance + 160), refused: true),
        (documents: 10, top: Int64(FrequencyTable.spanAllowance + 159), refused: false),
        (documents: 0, top: Int64(-1), refused: true),
    ])
    func refusesIdsTooSparse(documents: Int, top: Int64, refused: Bool) {
        var table = FrequencyTable()
        table.reset(documents: documents, top: top)
        #expect(table.refused == refused)
        #expect((table.frequencies(of: [1]) == nil) == refused)
    }

    @Test(arguments: [
        (name: "an id past the top", bytes: [UInt8]([5, 1, 1]), first: Int64(8)),
        (name: "a posting cut short", bytes: [UInt8]([1, 0x81]), first: Int64(0)),
        (name: "a negative id", bytes: [UInt8]([0, 1, 1]), first: Int64(-4)),
    ])
    func refusesABlockItCannotHold(name: String, bytes: [UInt8], first: Int64) {
        var table = FrequencyTable()
        table.reset(documents: 4, top: 10)
        let added = bytes.withUnsafeBytes { table.add($0, first: first) }
        #expect(!added, "\(name)")
        #expect(table.refused && table.frequencies(of: [1, 2]) == nil, "\(name)")
    }
}

/// Fills a table from a list as ``PostingStore/fill(_:term:documents:top:_:)`` does from its stored blocks.
private enum PostingStoreFill {
    static func fill(_ table: inout FrequencyTable, _ list: PostingList, documents: Int, top: Int64) {
        table.reset(documents: documents, top: top)
        for range in list.blockRanges() {
            let bytes = list.encoded(range)
            _ = bytes.withUnsafeBytes { table.add($0, first: list.ids[range.lowerBound]) }
        }
    }
}
