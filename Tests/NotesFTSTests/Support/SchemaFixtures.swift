import Foundation
import SQLiteKit
@testable import NotesFTS

/// The indexes committed under `Tests/Fixtures/` as older schema versions wrote them
/// (`scripts/make-schema-fixtures.sh`), copied to a temporary folder before a test opens them.
/// `schema-v7.sqlite` is `schema-v2.sqlite` upgraded by the last schema-7 `notes-index` (main at 2942ddf,
/// `notes-index --db schema-v7.sqlite --check`, then `PRAGMA journal_mode=DELETE; VACUUM`): the same six
/// notes, with the word list in its v5–v7 format (`spelling(key, term_id)`). `schema-v8.sqlite` is
/// `schema-v7.sqlite` upgraded the same way by the last schema-8 `notes-index` (main at 1bf4fbf): no
/// `topk_sizes` yet.
enum SchemaFixtures {
    /// The schema versions with a fixture.
    static let versions = [1, 2, 7, 8]

    /// The committed fixture of schema `version`.
    static func path(version: Int) -> String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/schema-v\(version).sqlite").path
    }

    /// A fresh copy of the fixture of schema `version` in `folder`.
    static func copy(version: Int, into folder: TestFolder) throws -> String {
        let copy = folder.root + "/v\(version).sqlite"
        try FileManager.default.copyItem(atPath: path(version: version), toPath: copy)
        return copy
    }

    /// Every stored note of the index at `path` as `id|path|position|title|body|tags|created|modified`,
    /// read with plain SQL (no tokenizer needed).
    static func rows(_ path: String) throws -> [String] {
        let db = try Connection(path: path, mode: .readOnly)
        defer { db.close() }
        return try db.query("""
            SELECT id || '|' || path || '|' || position || '|' || title || '|' || body || '|' || tags || '|'
              || ifnull(created, '-') || '|' || ifnull(modified, '-') FROM notes ORDER BY id
            """) { $0.text(0) ?? "" }
    }
}
