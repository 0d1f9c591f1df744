import Foundation
import SQLiteKit
import Testing
@testable import NotesFTS

/// `path:` filters fold case beyond ASCII (``SearchFilter/foldFunction``), the same on the writer's
/// connection, a read-only index and the reader pool's connections, selecting and excluding.
@Suite struct SearchFilterPathFoldingTests {
    /// A path, a fragment, and whether the path contains the fragment, case-insensitively.
    static let cases: [(String, String, Bool)] = [
        ("/n/Äpfel/z.md", "äpfel", true), ("/n/äpfel/z.md", "ÄPFEL/", true), ("/n/A\u{308}pfel/z.md", "äpfel", true),
        ("/n/ÖL/y.md", "öl/", true), ("/n/ΟΔΟΣ/x.md", "οδοσ", true), ("/n/Work/x.md", "wORK", true),
        ("/n/work/x.md", "wörk", false), ("/n/日本/x.md", "日本", true), ("/n/a%b_c/x.md", "%b_", true),
        ("/n/a%b/x.md", "_", false), ("/n/👍🏽/x.md", "👍", true), ("/n/\u{212A}ey/x.md", "key", true),
        ("/n/Straße/x.md", "STRASSE", false), ("/n/Über-Ärger/x.md", "über-Ä", true), ("/n/ÀB/x.md", "àb", true),
    ]

    /// An index with `path` (holding `otter`) and a note elsewhere.
    static func makeIndex(_ folder: TestFolder, path: String) throws -> NoteIndex {
        let index = try folder.openIndex()
        try index.save(Note(path: path, title: "Target", body: "otter river"))
        try index.save(Note(path: "/elsewhere/other.md", title: "Other", body: "otter lake"))
        return index
    }

    /// The ids `text` finds, read every way (ranked both ways, by date, as paths) and counted.
    static func readings(_ index: NoteIndex, _ text: String) throws -> (ids: [[Int64]], count: Int) {
        let query = QueryParser.parse(text)
        var full = SearchOptions()
        full.allowsTopK = false
        var paths: [Int64] = []
        try index.forEachPath(query) { paths.append($0 == "/elsewhere/other.md" ? 2 : 1) }
        let ids = [try index.search(query).map(\.id), try index.search(query, options: full).map(\.id),
                   try index.search(query, options: SearchOptions(sort: .modified)).map(\.id), paths]
        return (ids.map { $0.sorted() }, try index.count(query))
    }

    @Test(arguments: cases)
    func pathFiltersFoldCaseOnEveryConnection(path: String, fragment: String, contains: Bool) async throws {
        let folder = TestFolder()
        let writer = try Self.makeIndex(folder, path: path)
        let selected: [Int64] = contains ? [1] : []
        let excluded: [Int64] = contains ? [2] : [1, 2]
        // Searches on a read-write index run on the reader pool's connections.
        for (text, expected) in [("path:\(fragment)", selected), ("otter path:\(fragment)", selected),
                                 ("otter -path:\(fragment)", excluded)] {
            let found = try Self.readings(writer, text)
            #expect(found.ids.allSatisfy { $0 == expected } && found.count == expected.count, "\(text): \(found)")
        }
        // A read-only index searches on its own connection.
        let reader = try NoteIndex(path: folder.database, mode: .readOnly)
        defer { reader.close() }
        #expect(try await reader.search("otter path:\(fragment)").map(\.id) == selected)
        #expect(try await reader.count("otter -path:\(fragment)") == excluded.count)
        // And tasks searching at once each take a connection of the pool.
        try await withThrowingTaskGroup(of: [Int64].self) { group in
            for _ in 0..<6 { group.addTask { try await writer.search("otter path:\(fragment)").map(\.id) } }
            for try await ids in group { #expect(ids == selected) }
        }
        writer.close()
    }

    @Test(arguments: ["", "plain/ascii.md", "MiXeD/Case.MD", "tab\there", "Äpfel", "A\u{308}pfel", "ΟΔΟΣ", "İstanbul",
                      "👍🏽", "\u{212A}", "日本/ÀB", "del\u{7F}ete"])
    func theSQLFunctionFoldsAsSwiftDoes(text: String) throws {
        let db = try Connection(path: ":memory:")
        try SearchFilter.registerFolding(on: db)
        #expect(try db.scalarText("SELECT \(SearchFilter.foldFunction)(?1)", [.text(text)]) == CaseFolding.folded(text))
        #expect(try db.scalarValue("SELECT \(SearchFilter.foldFunction)(NULL)") == .null)
    }
}
