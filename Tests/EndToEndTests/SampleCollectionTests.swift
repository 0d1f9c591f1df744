import Foundation
import Testing

/// Acceptance of issue 12 over `Tests/Samples` (one export of each app, laid out as the app writes it) and
/// `corpus/`, through the built executables.
@Suite struct SampleCollectionTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    private struct Result: Decodable {
        let type: String
        let path: String?
        let title: String?
        let tags: [String]?
        let created: String?
        let modified: String?
        let created_from: String?
        let modified_from: String?
    }

    /// Copies `relative` of the repository into the runner's `notes/` (fresh files, as after a clone).
    private func copy(_ relative: String, into runner: CommandRunner) throws {
        try FileManager.default.removeItem(atPath: runner.notes)
        try FileManager.default.copyItem(atPath: Self.repository + "/" + relative, toPath: runner.notes)
    }

    private func results(_ runner: CommandRunner, _ arguments: [String]) throws -> [Result] {
        let output = try runner.find(["--json", "-n", "1000"] + arguments).stdout
        return try output.split(separator: "\n").map { try JSONDecoder().decode(Result.self, from: Data($0.utf8)) }
            .filter { $0.type == "result" }
    }

    @Test func everyExportGivesItsNotesOnceWithTitlesTagsAndDates() throws {
        let runner = CommandRunner()
        try copy("Tests/Samples", into: runner)
        let indexed = try runner.index([runner.notes])
        #expect(indexed.status == 0)
        #expect(indexed.stderr.contains("17 files seen") && indexed.stderr.contains("3 export copies left out"))
        let found = try results(runner, ["--since", "1990"]) + results(runner, ["Restaurants OR Quick OR Wine OR runbook OR wiki OR Reading"])
        var byTitle: [String: Result] = [:]
        for result in found { byTitle[result.title ?? ""] = result }
        let expected: [(String, [String], String?)] = [
            ("Kyoto itinerary", ["travel", "japan 2024"], "2024-01-31T09:30:00Z"),
            ("Packing list", ["travel"], "2024-02-05T08:00:00Z"),
            ("Garden journal", ["home", "garden", "seeds", "orchard"], "2024-03-10T00:00:00Z"),
            ("Release process", ["work", "releases"], "2024-04-02T00:00:00Z"),
            ("On-call runbook", ["ops", "on-call"], "2024-05-14T00:00:00Z"),
            ("Wine cellar", ["home", "wine"], nil),
            ("Book recommendations", ["reading"], "2024-06-01T08:00:00Z"),
            ("Tram 28 at dusk", ["travel", "lisbon"], "2024-07-14T18:42:10Z"),
            ("Reading list", ["books", "sci fi", "autumn"], nil),
            ("2024-01-31", [], "2024-01-31T00:00:00Z"),
            ("Search engine", ["projects"], "2024-02-11T00:00:00Z"),
            ("Quick thought", [], nil),
            ("Restaurants", ["places to eat", "food/korean"], nil),
            ("Onboarding checklist", ["people", "process"], "2024-03-04T09:30:00Z"),
            ("Team wiki", [], nil),
            ("Lisbon tips", ["travel"], "2024-07-14T20:46:40Z"),
            ("Groceries for the week", ["errands"], "2024-08-01T09:00:00Z"),
        ]
        #expect(Set(byTitle.keys) == Set(expected.map(\.0)))
        for (title, tags, created) in expected {
            #expect(byTitle[title]?.tags == tags, "tags of \(title)")
            if let created { #expect(byTitle[title]?.created == created, "created of \(title)") }
        }
        // Trashed notes are absent; the export copies are not indexed a second time.
        for word in ["discarded", "pillar", "dentist", "analyticsToken"] {
            #expect(try runner.find(["-c", word]).stdout == "0\n", "\(word) should not be found")
        }
        #expect(try runner.find(["-l", "oat milk"]).stdout == "notes/simplenote/notes/source/notes.json\n")
        #expect(try runner.find(["-l", "bica"]).stdout == "notes/keep/Takeout/Keep/Lisbon tips.json\n")
        // Aliases find their note like its title.
        #expect(try results(runner, ["title:\"grep replacement\""]).map(\.title) == ["Search engine"])
    }

    @Test func aCRLFSimplenoteNoteIsTitledByItsFirstLine() throws {
        let runner = CommandRunner()
        runner.write("export/source/notes.json", #"{"activeNotes": [{"id": "x", "content": "Call the bank\r\nabout the mortgage\r\nbefore Friday", "tags": []}]}"#)
        #expect(try runner.index([runner.notes]).status == 0)
        #expect(try results(runner, ["mortgage"]).map(\.title) == ["Call the bank"])
    }

    @Test func afterACopyOfCorpusDateFiltersSeeOnlyTheNotesOwnDates() throws {
        let runner = CommandRunner()
        try copy("corpus", into: runner)
        #expect(try runner.index([runner.notes]).status == 0)
        let recent = try runner.find(["-l", "--since", "7d"])
        #expect(recent.status == 1 && recent.stdout.isEmpty)
        let daily = try results(runner, ["path:journal/2024-01-01"])
        #expect(daily.first?.created == "2024-01-01T00:00:00Z" && daily.first?.created_from == "file-name")
        #expect(daily.first?.modified == "2024-01-01T00:00:00Z")
        let undated = try results(runner, ["path:ideas/side-projects"])
        #expect(undated.first?.modified_from == "file")
    }

    @Test func aMapReadsAnUnknownExportAndNamesAMissingKey() throws {
        let runner = CommandRunner()
        runner.write("app.json", #"[{"headline": "Q3 plan", "content": {"text": "ship search"}, "labels": [{"name": "work"}], "ts": 1700000000}]"#)
        let map = "title=headline,body=content.text,tags=labels[].name,created=ts"
        #expect(try runner.index(["--map", map, runner.notes]).status == 0)
        let found = try results(runner, ["ship"])
        #expect(found.map(\.title) == ["Q3 plan"] && found.first?.tags == ["work"])
        #expect(found.first?.created == "2023-11-14T22:13:20Z")
        let missing = try CommandRunner().index(["--map", "title=headline,body=content.body", runner.notes + "/app.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("app.json: the note at line 1 has no key 'content.body'"))
        let bad = try runner.index(["--map", "titel=x", runner.notes])
        #expect(bad.status == 2 && bad.stderr.contains("unknown field 'titel'"))
    }
}
