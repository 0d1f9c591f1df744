import Testing
@testable import NotesFTS

/// ``NoteIndex/forEachTopKRow``: a caller's body that throws while the top-k rows are being read must not leave
/// the row statement open, which would keep the connection's read snapshot (later searches would not see
/// what other connections wrote, and the write-ahead log could not be checkpointed).
struct TopKRowsTests {
    private struct Stop: Error {}

    /// 200 notes holding `common` 1 to 9 times, with thresholds low enough for the top-k path to answer it.
    private static func commonNotes(in folder: TestFolder) throws -> NoteIndex {
        let index = try folder.openIndex()
        index.rankingSettings = RankingSettings(headSize: 24, minimumDocumentFrequency: 30, minimumShare: 0.05)
        try index.transaction {
            for number in 0..<200 {
                _ = try index.save(Note(path: "/n/\(number).md", title: "Note \(number)",
                                        body: String(repeating: "common ", count: 1 + number % 9) + "filler words here"))
            }
        }
        try index.rebuildRankingTables()
        return index
    }

    @Test func aThrowingBodyLeavesNoSnapshotOpen() throws {
        let folder = TestFolder()
        let index = try Self.commonNotes(in: folder)
        defer { index.close() }
        let query = QueryParser.parse("common")
        let options = SearchOptions(limit: 5)
        #expect(try index.rankingPath(query, options: options).hasPrefix("top-k"))
        #expect(throws: Stop.self) { try index.forEachResult(query, options: options) { _ in throw Stop() } }
        let other = try folder.openIndex()
        _ = try other.save(Note(path: "/new.md", title: "New", body: "zzzunique"))
        other.close()
        #expect(try index.search(QueryParser.parse("zzzunique")).count == 1)
    }

    /// The same for a `read` that throws on a note's row, before the row statement is reset.
    @Test func aThrowingReadLeavesNoSnapshotOpen() throws {
        let folder = TestFolder()
        let index = try Self.commonNotes(in: folder)
        defer { index.close() }
        let query = QueryParser.parse("common")
        let match = try #require(query.matchExpression)
        let db = index.connection
        var reads = 0
        #expect(throws: Stop.self) {
            try db.transaction(.deferred) {
                guard case .answered(let hits, _) = try TopKPlan.run(db, query, options: SearchOptions(limit: 5)) else {
                    Issue.record("the top-k path did not answer")
                    return
                }
                try NoteIndex.forEachTopKRow(db, hits, match: match, query: query, snippets: nil, read: { _, _ in
                    reads += 1
                    if reads == 2 { throw Stop() }
                    return 0
                }) { _, _ in }
            }
        }
        #expect(reads == 2)
        let other = try folder.openIndex()
        _ = try other.save(Note(path: "/new.md", title: "New", body: "zzzunique"))
        other.close()
        #expect(try db.scalarInt("SELECT count(*) FROM notes") == 201)
    }
}
