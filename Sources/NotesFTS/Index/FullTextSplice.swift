import CSQLite
import SQLiteKit

/// Moves the segments of a side file's `notes_fts` (``FullTextSideWriter``) into the index's `notes_fts`, so
/// the index holds one full-text index of every note, as if one writer had indexed them all.
///
/// FTS5 keeps an index as segments: rows of `%_data` whose ids carry the segment id in their high bits, the
/// first term of each leaf page in `%_idx`, and a structure record listing the segments level by level.
/// The two tables hold disjoint row ids, so their segments never disagree about a note. The splice copies
/// the side's `%_data` rows with their segment ids renumbered to ids the index does not use, its `%_idx` and
/// `%_docsize` rows, lays out the segments of both in the structure record (``FullTextStructure/splicing(_:renumbered:)``)
/// and sums the averages record. FTS5's own `integrity-check` passes on the result (tests check it).
///
/// The data rows are copied in transactions of at most `rowsPerStep` rows, so the write-ahead log stays
/// small; until the last transaction writes the structure, no query reads them. The last transaction also
/// clears ``NoteIndex/sideBuildMetaKey``.
enum FullTextSplice {
    /// Why a splice cannot run.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether the SQLite linked here writes the structure record ``FullTextStructure`` reads (before 3.44).
    static var isSupported: Bool { sqlite3_libversion_number() < 3_044_000 }

    /// Splices the side file at `sidePath` into the index `db` writes (a connection of its own, so the
    /// index's other connections see the new structure at their next transaction, opened with
    /// ``Connection/Configuration/acceptsURIs``: the side file is attached read-only, so other connections
    /// may read it meanwhile, as the word scan does). `db` must be outside a transaction.
    /// `beforeFirstCommit` runs once, before the first transaction that writes commits (a first build waits
    /// there until its word scan has read the index: a reader's snapshot would hold the log). `afterCopying`
    /// runs once the data rows are copied, before the last transaction (tests write the index there from
    /// another connection, as an app might).
    static func splice(into db: Connection, from sidePath: String, rowsPerStep: Int = 16_384,
                       beforeFirstCommit: (() -> Void)? = nil, afterCopying: (() throws -> Void)? = nil) throws {
        var beforeCommit = beforeFirstCommit
        func waitBeforeCommit() {
            beforeCommit?()
            beforeCommit = nil
        }
        try db.attach(sidePath, as: "side", readOnly: true)
        defer { try? db.execute("DETACH DATABASE side") }
        guard let mainBytes = try record(db, "main", FullTextStructure.rowID),
              let mainStructure = FullTextStructure(bytes: mainBytes),
              let sideBytes = try record(db, "side", FullTextStructure.rowID),
              let sideStructure = FullTextStructure(bytes: sideBytes), !sideStructure.isMerging,
              let mainAverages = try record(db, "main", FullTextStructure.averagesRowID).flatMap(FullTextAverages.init(bytes:)),
              let sideAverages = try record(db, "side", FullTextStructure.averagesRowID).flatMap(FullTextAverages.init(bytes:)),
              let averages = mainAverages.adding(sideAverages) else {
            throw Refusal(description: "the full-text index's structure record is not in a format this build knows")
        }
        let renumbering = try newIDs(for: sideStructure.levels.flatMap { $0.segments.map(\.id) },
                                     avoiding: mainStructure.segmentIDs)
        let structure = mainStructure.splicing(sideStructure) { renumbering[$0]! }
        try db.execute("DROP TABLE IF EXISTS temp.splice_ids; CREATE TEMP TABLE splice_ids(old INTEGER PRIMARY KEY, new INTEGER NOT NULL)")
        defer { try? db.execute("DROP TABLE IF EXISTS temp.splice_ids") }
        for (old, new) in renumbering {
            try db.run("INSERT INTO temp.splice_ids(old, new) VALUES (?1, ?2)", [.integer(Int64(old)), .integer(Int64(new))])
        }
        try copyData(db, rowsPerStep: rowsPerStep, beforeCommit: waitBeforeCommit)
        try afterCopying?()
        waitBeforeCommit()
        try db.transaction(.immediate) {
            // Another connection may have written the index between the steps (an app saving or deleting a note
            // while the build ran): then the copied rows or the records read above may no longer fit, and the
            // full-text index is rebuilt from the notes instead (the copied rows go with it).
            guard try record(db, "main", FullTextStructure.rowID) == mainBytes,
                  try record(db, "main", FullTextStructure.averagesRowID) == mainAverages.bytes,
                  try sideRowsStillFit(db) else {
                try db.execute("INSERT INTO main.notes_fts(notes_fts) VALUES ('rebuild')")
                try db.run("DELETE FROM main.meta WHERE key = ?1", [.text(NoteIndex.sideBuildMetaKey)])
                return
            }
            try db.execute("""
                INSERT INTO main.notes_fts_idx(segid, term, pgno)
                    SELECT m.new, i.term, i.pgno FROM side.notes_fts_idx i JOIN temp.splice_ids m ON m.old = i.segid;
                INSERT INTO main.notes_fts_docsize(id, sz) SELECT id, sz FROM side.notes_fts_docsize;
                """)
            try db.run("UPDATE main.notes_fts_data SET block = ?1 WHERE id = ?2",
                       [.blob(structure.bytes), .integer(Int64(FullTextStructure.rowID))])
            try db.run("UPDATE main.notes_fts_data SET block = ?1 WHERE id = ?2",
                       [.blob(averages.bytes), .integer(Int64(FullTextStructure.averagesRowID))])
            try db.run("DELETE FROM main.meta WHERE key = ?1", [.text(NoteIndex.sideBuildMetaKey)])
        }
    }

    /// Whether every note the side indexed is still stored and not in the index's own `notes_fts` (a note
    /// deleted or updated meanwhile is not).
    private static func sideRowsStillFit(_ db: Connection) throws -> Bool {
        try db.scalarInt("""
            SELECT EXISTS (SELECT 1 FROM side.notes_fts_docsize s
                           WHERE NOT EXISTS (SELECT 1 FROM main.notes n WHERE n.id = s.id)
                              OR EXISTS (SELECT 1 FROM main.notes_fts_docsize d WHERE d.id = s.id))
            """) == 0
    }

    /// The record `id` of `schema`'s `notes_fts_data`.
    private static func record(_ db: Connection, _ schema: String, _ id: Int) throws -> [UInt8]? {
        try db.query("SELECT block FROM \(schema).notes_fts_data WHERE id = ?1", [.integer(Int64(id))]) { $0.blob(0) }
            .first ?? nil
    }

    /// For each of `ids`, the smallest segment id not in `used` and not given to an earlier one.
    static func newIDs(for ids: [Int], avoiding used: Set<Int>) throws -> [Int: Int] {
        var taken = used
        var mapping: [Int: Int] = [:]
        var candidate = 1
        for id in ids {
            while taken.contains(candidate) { candidate += 1 }
            guard candidate <= FullTextStructure.maximumSegmentID else {
                throw Refusal(description: "the full-text index has too many segments to splice")
            }
            mapping[id] = candidate
            taken.insert(candidate)
        }
        return mapping
    }

    /// Copies the side's segment rows, renumbered, in transactions of at most `rowsPerStep` rows; the first a
    /// quarter of that: it is written while a reader may still hold the log from starting over
    /// (``splice(into:from:rowsPerStep:beforeFirstCommit:afterCopying:)``), so it adds to what the log holds
    /// already.
    private static func copyData(_ db: Connection, rowsPerStep: Int, beforeCommit: () -> Void) throws {
        var rowsThisStep = max(rowsPerStep / 4, 1)
        var last = Int64(1) << Int64(FullTextStructure.segmentShift) - 1
        while true {
            let next = try db.transaction(.immediate) { () throws -> Int64? in
                guard let end = try db.scalarValue("""
                    SELECT max(id) FROM (SELECT id FROM side.notes_fts_data WHERE id > ?1 ORDER BY id LIMIT ?2)
                    """, [.integer(last), .integer(Int64(rowsThisStep))]), case .integer(let upTo) = end else { return nil }
                try db.run("""
                    INSERT INTO main.notes_fts_data(id, block)
                        SELECT d.id + ((m.new - m.old) << \(FullTextStructure.segmentShift)), d.block
                        FROM side.notes_fts_data d JOIN temp.splice_ids m ON m.old = d.id >> \(FullTextStructure.segmentShift)
                        WHERE d.id > ?1 AND d.id <= ?2
                    """, [.integer(last), .integer(upTo)])
                beforeCommit()
                return upTo
            }
            guard let next else { return }
            last = next
            rowsThisStep = rowsPerStep
        }
    }
}
