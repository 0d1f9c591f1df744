import Testing
@testable import NotesFTS

/// The structure a splice writes (``FullTextStructure/splicing(_:renumbered:)``): the index's own segments
/// keep their order, level 0 keeps only small ones, and no level holds enough to be merged by the next write.
@Suite struct FullTextStructureLayoutTests {
    typealias Segment = FullTextStructure.Segment
    typealias Level = FullTextStructure.Level

    private func sized(_ pairs: (id: Int, pages: Int)...) -> [Segment] { FullTextStructure.sized(pairs) }

    /// Every segment, oldest first: the highest level first, and within a level in the record's order.
    private func oldestFirst(_ structure: FullTextStructure) -> [Segment] {
        structure.levels.reversed().flatMap(\.segments)
    }

    /// The structures of a build of 100k notes: the writer's three segments on level 0 (its last flush of
    /// 3,587 pages among them) and the side's four. The writer's leave level 0 but for the small one, in their
    /// order; the side's fall in between by size; levels 1 and 2 are left to incremental runs. Before, the writer's stayed on level 0, and the next
    /// incremental run merged all three.
    @Test func aWritersLastFlushLeavesLevelZero() {
        let main = FullTextStructure.record([Level(merging: 0, segments: sized((6, 3_587), (1, 4_497), (2, 316)))])
        let side = FullTextStructure.record([Level(merging: 0, segments: sized((1, 3_184))),
                                             Level(merging: 0, segments: sized((2, 10_073), (3, 11_082), (4, 11_089)))],
                                            writes: 50)
        let joined = main.splicing(side) { $0 + 10 }
        #expect(joined.levels.map { $0.segments.map(\.id) } == [[2], [], [], [1, 11], [12, 6], [14, 13]])
        #expect(joined.levels.map(\.merging) == [0, 0, 0, 0, 0, 0])
        #expect(joined.writeCounter == 150 && joined.cookie == 8)
        #expect(FullTextStructure(bytes: joined.bytes) == joined)
    }

    /// With a merge in progress in the index, its segments stay where they are and the side's are added by
    /// size, as ``FullTextStructure/adding(_:renumbered:)`` does.
    @Test func aMergeInProgressKeepsTheIndexsLevels() {
        let main = FullTextStructure.record([Level(merging: 2, segments: sized((1, 10), (2, 6), (3, 2))),
                                             Level(merging: 0, segments: sized((4, 60), (5, 7)))])
        let side = FullTextStructure.record([Level(merging: 0, segments: sized((1, 3), (2, 500)))])
        #expect(main.splicing(side) { $0 + 10 } == main.adding(side) { $0 + 10 })
    }

    @Test func emptyStructuresStayEmpty() {
        let empty = FullTextStructure.record([])
        #expect(empty.splicing(empty) { $0 }.levels.isEmpty)
        let side = FullTextStructure.record([Level(merging: 0, segments: sized((1, 9), (2, 4)))])
        #expect(empty.splicing(side) { $0 + 1 }.levels.map { $0.segments.map(\.id) } == [[2, 3]])
    }

    /// Seeded structures of 0–60 segments each, of 1–20,000 pages: every segment is kept once, the index's
    /// in their order; level 0 holds at most two of at most ``FullTextStructure/levelZeroPages`` pages; the
    /// levels below ``FullTextStructure/firstSplicedLevel`` are empty, and every level from it holds one or two
    /// (more only past ``FullTextStructure/layoutLevels``), with no more levels than that.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func everyLayoutKeepsTheIndexsOrder(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        for _ in 0..<50 {
            func segments(from firstID: Int) -> [Level] {
                let count = Int(random.next() % 61)
                var levels: [Level] = []
                var id = firstID
                while levels.reduce(0, { $0 + $1.segments.count }) < count {
                    let width = min(count - levels.reduce(0) { $0 + $1.segments.count }, 1 + Int(random.next() % 5))
                    levels.append(Level(merging: 0, segments: (0..<width).map { _ in
                        id += 1
                        let pages = random.next() % 3 == 0 ? 1 + Int(random.next() % 1_200) : 1 + Int(random.next() % 20_000)
                        return Segment(id: id, firstPage: 1, lastPage: pages)
                    }))
                }
                return levels
            }
            let main = FullTextStructure.record(segments(from: 0))
            let side = FullTextStructure.record(segments(from: 0))
            let joined = main.splicing(side) { $0 + 1_000 }
            let order = oldestFirst(joined)
            #expect(order.filter { $0.id < 1_000 } == oldestFirst(main))
            #expect(Set(order.filter { $0.id >= 1_000 }.map(\.id)) == Set(side.segmentIDs.map { $0 + 1_000 }))
            #expect(order.count == main.segmentIDs.count + side.segmentIDs.count)
            #expect(!joined.isMerging)
            #expect(FullTextStructure(bytes: joined.bytes) == joined)
            guard let levelZero = joined.levels.first else {
                #expect(order.isEmpty)
                continue
            }
            #expect(levelZero.segments.count <= FullTextStructure.segmentsPerLevel)
            #expect(levelZero.segments.allSatisfy { $0.pageCount <= FullTextStructure.levelZeroPages })
            let first = FullTextStructure.firstSplicedLevel
            #expect(joined.levels.count == 1 || joined.levels[1..<first].allSatisfy { $0.segments.isEmpty })
            let above = joined.levels.dropFirst(first)
            #expect(above.count <= FullTextStructure.layoutLevels)
            let most = max(FullTextStructure.segmentsPerLevel, (above.reduce(0) { $0 + $1.segments.count } + 31) / 32)
            #expect(above.allSatisfy { !$0.segments.isEmpty && $0.segments.count <= most })
        }
    }
}
