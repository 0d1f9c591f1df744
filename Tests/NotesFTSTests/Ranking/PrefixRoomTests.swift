import SQLiteKit
import Testing
@testable import NotesFTS

/// ``PrefixRoom``: what it hands out is empty whatever was kept, holds the kept memory, and is the memory's
/// only owner (filling it does not change a list kept elsewhere); lists above the limit are not kept.
struct PrefixRoomTests {
    @Test func handsOutTheKeptMemoryEmpty() throws {
        let db = try Connection(path: ":memory:")
        let room = PrefixRoom.of(db)
        var list = room.takeUntracked()
        for id in 1...5_000 { list.append(id: Int64(id), frequency: 2, size: 30) }
        let outside = list
        room.keep(untracked: list)
        list = PostingList()
        var again = room.takeUntracked()
        #expect(again.count == 0 && again.capacity >= 5_000)
        again.append(id: 9, frequency: 1, size: 1)
        #expect(outside.count == 5_000 && outside.ids.first == 1, "a list kept elsewhere changed")

        var candidates = room.takeCandidates()
        candidates.append(contentsOf: (0..<3_000).map { TopKTokenStatistics.Entry(note: Int64($0), frequency: 1, size: 10) })
        room.keep(candidates: candidates)
        let kept = room.takeCandidates()
        #expect(kept.isEmpty && kept.capacity >= 3_000)
        #expect(candidates.count == 3_000)
    }

    @Test func keepsNothingAboveTheLimit() throws {
        let db = try Connection(path: ":memory:")
        let room = PrefixRoom.of(db)
        var list = PostingList()
        list.extend(by: PostingRoom.keptLimit + 1)
        room.keep(untracked: list)
        #expect(room.takeUntracked().capacity == 0)
        room.keep(candidates: Array(repeating: TopKTokenStatistics.Entry(note: 1, frequency: 1, size: 1), count: PostingRoom.keptLimit + 1))
        #expect(room.takeCandidates().capacity == 0)
    }
}
