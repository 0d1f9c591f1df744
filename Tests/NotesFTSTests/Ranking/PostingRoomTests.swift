import Testing
@testable import NotesFTS

/// ``PostingRoom``: what it hands out is empty whatever the last query left, it keeps only the memory (up to
/// its limit), and queries that reuse it on one connection answer as on a fresh connection.
struct PostingRoomTests {
    @Test func aTakenListIsEmptyAndHoldsTheKeptMemory() {
        let room = PostingRoom()
        var list = PostingList()
        for id in 1...1_000 { list.append(id: Int64(id), frequency: 2, size: 40) }
        room.giveBack(list)
        list = PostingList()
        let taken = room.take()
        #expect(taken.count == 0 && taken.capacity >= 1_000)
        // Taken out: the next one starts from nothing.
        #expect(room.take().capacity == 0)
    }

    @Test func aListAboveTheLimitIsNotKept() {
        let room = PostingRoom()
        var list = PostingList()
        list.reserve(PostingRoom.keptLimit + 1)
        room.giveBack(list)
        #expect(room.take().capacity == 0)
    }

    @Test func queriesOnOneConnectionAnswerAsOnAFreshOne() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        index.rankingSettings = TopKExactnessTests.settings
        var corpus = TopKCorpus(seed: 20_261_202)
        try index.transaction { for number in 0..<300 { try index.save(corpus.note(number)) } }
        try index.rebuildRankingTables()
        let tracked = try index.connection.query("SELECT term FROM topk_terms ORDER BY df DESC LIMIT 6") { $0.text(0) ?? "" }
        #expect(tracked.count == 6)
        // Large queries first, then smaller ones that decode into the memory the large ones left.
        let texts = [tracked[0...3].joined(separator: " OR "), "\(tracked[0]) \(tracked[1])", "\(tracked[4]) OR \(tracked[5])",
                     "\(tracked[2]) \(tracked[5])", "\(tracked[4]) \(tracked[5]) -\(tracked[0])", "\(tracked[1]) OR \(tracked[3])"]
        var reused: [[SearchResult]] = []
        for text in texts {
            let query = QueryParser.parse(text)
            #expect(try index.rankingPath(query).contains("posting lists"), "\(text)")
            reused.append(try index.search(query, options: SearchOptions(limit: 5)))
        }
        for (text, results) in zip(texts, reused) {
            let fresh = try folder.openIndex()
            #expect(try fresh.search(QueryParser.parse(text), options: SearchOptions(limit: 5)) == results, "\(text)")
            fresh.close()
        }
    }
}
