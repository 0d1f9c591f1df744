import Testing
@testable import NotesFTS

/// ``PostingRoom``: what it hands out is empty whatever the last query left, it keeps only the memory (up to
/// its limit, and up to its ledger's over all the rooms sharing it), and queries that reuse it on one
/// connection answer as on a fresh connection.
struct PostingRoomTests {
    /// A list of `count` postings.
    static func list(_ count: Int) -> PostingList {
        var list = PostingList()
        list.reserve(count)
        for id in 0..<count { list.append(id: Int64(id + 1), frequency: 2, size: 40) }
        return list
    }

    @Test func aTakenListIsEmptyAndHoldsTheKeptMemory() {
        let room = PostingRoom(ledger: .init(limit: PostingRoom.keptLimit))
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
        let ledger = PostingRoom.Ledger(limit: 4 * PostingRoom.keptLimit)
        let room = PostingRoom(ledger: ledger)
        var list = PostingList()
        list.reserve(PostingRoom.keptLimit + 1)
        room.giveBack(list)
        #expect(room.take().capacity == 0)
        #expect(ledger.total == 0)
    }

    @Test func roomsSharingALedgerKeepNoMoreThanItsLimit() {
        let ledger = PostingRoom.Ledger(limit: 5_000)
        let first = PostingRoom(ledger: ledger), second = PostingRoom(ledger: ledger)
        first.giveBack(Self.list(3_000))
        let kept = ledger.total
        #expect(kept >= 3_000 && kept <= 5_000)
        // The second room's list would pass the limit: freed, not kept.
        second.giveBack(Self.list(3_000))
        #expect(second.take().capacity == 0)
        #expect(ledger.total == kept)
        // Taken out of the first room, its memory no longer counts, and the second room may keep its list.
        let taken = first.take()
        #expect(taken.capacity == kept && ledger.total == 0)
        second.giveBack(Self.list(3_000))
        #expect(ledger.total > 0 && second.take().capacity >= 3_000)
        #expect(ledger.total == 0)
    }

    @Test func givingBackAgainReplacesTheKeptListAndARoomReleasesItsShareWhenItGoes() {
        let ledger = PostingRoom.Ledger(limit: PostingRoom.keptLimit)
        var room: PostingRoom? = PostingRoom(ledger: ledger)
        room?.giveBack(Self.list(2_000))
        let first = ledger.total
        room?.giveBack(Self.list(100))
        #expect(ledger.total < first && ledger.total >= 100)
        room = nil
        #expect(ledger.total == 0)
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
