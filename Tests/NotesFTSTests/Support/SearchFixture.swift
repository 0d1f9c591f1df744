import Foundation
@testable import NotesFTS

/// The fixed notes the query tables run against; their ids are 1...9 in this order.
enum SearchFixture {
    static func date(_ text: String?) -> Date? { text.flatMap(Timestamp.parse) }

    static let notes: [Note] = [
        Note(path: "/notes/work/weekly.md", title: "Weekly meeting",
             body: "Discussed the deploy plan for next week.\nAlice will write the e-mail.",
             tags: ["work", "meeting"], created: date("2024-03-01"), modified: date("2024-03-10")),
        Note(path: "/notes/work/deploy.md", title: "Deploy checklist",
             body: "Run the tests, tag the release,\nthen deploy to production.",
             tags: ["ops"], created: date("2024-05-01"), modified: date("2025-06-15")),
        Note(path: "/notes/work/drafts/agenda.md", title: "Meeting draft",
             body: "Draft agenda for the meeting next month.",
             tags: ["draft", "work"], created: date("2025-01-20"), modified: date("2025-01-20")),
        Note(path: "/notes/recipes/sourdough.md", title: "Sourdough bread",
             body: "Feed the starter. Bake at 250 degrees. It's well-known that hydration matters: 75%.",
             tags: ["recipe", "baking"], created: date("2023-11-02"), modified: date("2023-11-05")),
        Note(path: "/notes/reading/cpp.md", title: "Reading: C++ primer",
             body: "Notes on C++ templates and the STL. See http://example.com/cpp for a.b examples.",
             tags: ["reading"], created: date("2024-08-01"), modified: date("2024-08-02")),
        Note(path: "/notes/travel/seoul.md", title: "Travel plan",
             body: "Flight to Seoul next week; pack passport and charger. Café near the hotel.",
             tags: ["travel"], created: date("2025-05-01"), modified: date("2025-05-03")),
        Note(path: "/notes/misc/tips.txt", title: "Tips",
             body: "note:tips use NEAR(a b) syntax carefully; 100% sure. Use #tag syntax.",
             tags: [], created: nil, modified: date("2022-01-01")),
        Note(path: "/notes/korean/회의록.md", title: "회의록",
             body: "다음 주 배포 일정 논의", tags: ["업무"], created: date("2024-02-02"), modified: date("2024-02-03")),
        Note(path: "/notes/work/logbook.md", title: "Logbook",
             body: "The catalog was updated. Deployment went fine.",
             tags: [], created: nil, modified: date("2024-12-01")),
    ]

    /// A fresh index holding ``notes``.
    static func makeIndex() throws -> NoteIndex {
        let index = try TestFolder().openIndex()
        for note in notes { try index.save(note) }
        return index
    }
}
