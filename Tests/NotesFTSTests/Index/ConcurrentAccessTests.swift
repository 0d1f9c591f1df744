import Foundation
import Testing
@testable import NotesFTS

/// One `NoteIndex` shared across tasks: eight search in parallel while a ninth saves notes. Run it under the
/// thread sanitizer too: `swift test --sanitize=thread --filter ConcurrentAccessTests`.
@Suite struct ConcurrentAccessTests {
    static let writes = 200
    static let searchesPerTask = 60

    @Test func eightSearchersAndOneWriterShareOneIndex() async throws {
        let index = try SearchFixture.makeIndex()
        let before = try await index.count("deploy*")
        try await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask {
                for number in 0..<Self.writes {
                    try await index.save(Note(path: "app://shared/\(number)", title: "Shared \(number)",
                                              body: "concurrent deploy note \(number)", tags: ["shared"]))
                }
                return []
            }
            for task in 0..<8 {
                group.addTask {
                    var totals: [Int] = []
                    for round in 0..<Self.searchesPerTask {
                        if (task + round) % 2 == 0 {
                            let page = try await index.searchPage("deploy*", options: SearchOptions(limit: 5))
                            #expect(page.results.count == min(5, page.total))
                            totals.append(page.total)
                        } else {
                            let hits = try await index.search("concurrent", options: SearchOptions(limit: 1_000))
                            #expect(Set(hits.map(\.id)).count == hits.count)
                            totals.append(hits.count + before)
                        }
                    }
                    return totals
                }
            }
            for try await totals in group {
                // Each searcher sees the writer's progress, never a note that is not there or one going back.
                #expect(totals.allSatisfy { (before...(before + Self.writes)).contains($0) })
                #expect(zip(totals, totals.dropFirst()).allSatisfy { $0 <= $1 })
            }
        }
        #expect(try await index.count("deploy*") == before + Self.writes)
        #expect(try await index.count("concurrent") == Self.writes)
        #expect(try index.checkIntegrity().isOK)
        index.close()
    }

    @Test func aReadOnlyIndexSearchesFromManyTasks() async throws {
        let folder = TestFolder()
        let writer = try folder.openIndex()
        for note in SearchFixture.notes { try await writer.save(note) }
        let reader = try NoteIndex(path: folder.database, mode: .readOnly)
        let expected = try await reader.search("deploy*").map(\.id)
        try await withThrowingTaskGroup(of: [Int64].self) { group in
            for _ in 0..<8 {
                group.addTask { try await reader.search("deploy*").map(\.id) }
            }
            for try await ids in group { #expect(ids == expected) }
        }
        reader.close()
        writer.close()
    }
}
