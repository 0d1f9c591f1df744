import Foundation
import Testing
@testable import NotesFTS

/// The top-k path returns what full FTS5 scoring returns: same scores (relative difference ≤ 1e-9), same ids up
/// to ties, for 1,050 seeded queries in three states of the index (fresh; after updating 10% and deleting 5% of
/// the notes; after adding 30% more with no rebuild), with thresholds lowered so the fast path runs. A quarter of the queries carry word forms.
struct TopKExactnessTests {
    static let settings = RankingSettings(headSize: 24, minimumDocumentFrequency: 30, minimumShare: 0.05)

    @Test func fastPathEqualsFullScoringInThreeStates() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        index.rankingSettings = Self.settings
        var corpus = TopKCorpus(seed: 20_261_130)
        let initial = 400
        var ids: [Int64] = []
        try index.transaction { for number in 0..<initial { ids.append(try index.save(corpus.note(number))) } }
        try index.rebuildRankingTables()
        #expect(try index.connection.scalarInt("SELECT count(*) FROM topk_terms") ?? 0 >= 10)
        try checkQueries(index, &corpus, state: "fresh")

        try index.transaction {
            for number in 0..<initial where number % 10 == 3 { try index.save(corpus.note(number)) }
            for number in 0..<initial where number % 20 == 7 { try index.deleteNote(id: ids[number]) }
        }
        try checkQueries(index, &corpus, state: "updated and deleted")

        try index.transaction { for number in initial..<(initial + initial * 3 / 10) { try index.save(corpus.note(number)) } }
        try checkQueries(index, &corpus, state: "grown by 30%")
        #expect(index.checkIntegrityOK())
    }

    private func checkQueries(_ index: NoteIndex, _ corpus: inout TopKCorpus, state: String) throws {
        var fast = 0
        for _ in 0..<350 {
            let query = corpus.parsedQuery()
            let options = corpus.options()
            var full = options
            full.allowsTopK = false
            let expected = try index.search(query, options: full)
            let actual = try index.search(query, options: options)
            if try index.rankingPath(query, options: options).hasPrefix("top-k") { fast += 1 }
            #expect(TopKAgreement.agrees(actual, expected), "\(state): \(query.treeDescription) limit \(options.limit) offset \(options.offset)")
        }
        // The fast path must actually run, or this test proves nothing.
        #expect(fast >= 100, "\(state): only \(fast) of 350 queries took the top-k path")
    }

    @Test func bulkBuildFillsTheSameTablesAsARebuild() throws {
        let folder = TestFolder()
        var corpus = TopKCorpus(seed: 7)
        for number in 0..<150 {
            let note = corpus.note(number)
            _ = folder.write("n\(number).md", "# \(note.title)\n\n\(note.body)\n")
        }
        let index = try folder.openIndex()
        index.rankingSettings = RankingSettings(headSize: 10, minimumDocumentFrequency: 15, minimumShare: 0.05)
        _ = try folder.index(index)
        let snapshot = { try index.connection.query(
            "SELECT term, df, hex(frontier), (SELECT group_concat(note || ':' || frequency || ':' || size) FROM "
                + "(SELECT * FROM topk_head h WHERE h.term = t.term ORDER BY note)) FROM topk_terms t ORDER BY term"
        ) { row in (0..<4).map { row.text(Int32($0)) ?? "" }.joined(separator: " ") } }
        let bulk = try snapshot()
        #expect(bulk.count >= 5)
        try index.rebuildRankingTables()
        #expect(try snapshot() == bulk)
        #expect(try index.connection.scalarInt("SELECT count(*) FROM topk_log") == 0)
    }
}

extension NoteIndex {
    /// Whether both integrity checks pass.
    func checkIntegrityOK() -> Bool { (try? checkIntegrity().isOK) ?? false }
}
