import Foundation
import Testing
@testable import NotesFTS

/// Apps index their own Codable models through ``NoteRecord``; ``Note`` itself is Codable.
@Suite struct NoteRecordTests {
    struct Recipe: Codable, NoteRecord {
        var id: Int
        var name: String
        var text: String
        var tags: [String]
        var updatedAt: Date
        var notePath: String { "app://recipes/\(id)" }
    }

    struct Photo: Codable, NoteRecord {
        var id: Int
        var pixels: Int
        var notePath: String { "app://photos/\(id)" }
    }

    @Test func savesAndUpdatesACodableModel() throws {
        let index = try TestFolder().openIndex()
        let date = try #require(Timestamp.parse("2024-05-01T10:00:00Z"))
        let id = try index.save(Recipe(id: 7, name: "Sourdough", text: "flour, water, salt", tags: ["bread"], updatedAt: date))
        let hit = try #require(try index.search("flour").first)
        #expect(hit.id == id && hit.path == "app://recipes/7" && hit.title == "Sourdough" && hit.tags == ["bread"])
        #expect(hit.modified == date)
        #expect(try index.save(Recipe(id: 7, name: "Sourdough loaf", text: "rye", tags: [], updatedAt: date)) == id)
        #expect(try index.search("flour").isEmpty)
        #expect(try index.noteCount() == 1)
    }

    @Test func aModelWithoutTextIsAnError() throws {
        let index = try TestFolder().openIndex()
        #expect(throws: NotesFTSError.recordWithoutText(path: "app://photos/1", type: "Photo")) {
            try index.save(Photo(id: 1, pixels: 12))
        }
    }

    @Test func noteRoundTripsThroughJSON() throws {
        var note = Note(path: "app://1", position: 2, line: 3, title: "T", body: "B", tags: ["x"],
                        created: Date(timeIntervalSince1970: 0), modified: Date(timeIntervalSince1970: 86_400))
        note.modifiedFrom = .note
        let decoded = try JSONDecoder().decode(Note.self, from: JSONEncoder().encode(note))
        #expect(decoded == note)
    }
}
