import SQLiteKit

extension NoteIndex {
    /// How the end of a first build fills the derived tables: in steps, each its own transaction, so no one
    /// transaction writes the whole word list or all the top-k tables and the write-ahead log stays small
    /// (at 100k notes they are about 110 MB together, and they grow with the corpus).
    package struct FirstBuildFill: Sendable {
        /// Words of `vocabulary` a step writes at most.
        package var wordsPerStep = Vocabulary.wordsPerStep
        /// (key, word) pairs of `spelling` a step writes at most (one pass of ``Vocabulary/spellingPasses(terms:pairsPerPass:)``).
        package var spellingPairsPerStep = Vocabulary.spellingPairsPerPass
        /// Postings of the top-k tables after which a step ends (at the next term).
        package var postingsPerStep = RankingTables.postingsPerStep
        /// Rows of one derived table a step deletes at most, when an interrupted fill left some.
        package var rowsClearedPerStep = 50_000
        /// Bytes of write-ahead log past which a step, once committed, waits for the readers in flight and
        /// checkpoints the log whole (`wal_checkpoint(RESTART)`), so the next step writes it from the start.
        /// The top-k workers read the index while the fill writes: one of them is nearly always reading, so
        /// the log seldom starts over by itself, and at 1M notes it grew by all the fill wrote (489–529 MB,
        /// 8.2–8.9% of the index; issue 10 line 4 allows 10%).
        package var restartLogBytes = 64 << 20
        /// Called after each step is committed, with its number from 1 (tests stop the build there, as a
        /// crash would).
        package var afterStep: (@Sendable (Int) throws -> Void)?
        /// Creates the defaults.
        package init() {}
    }

    /// Fills the word list and the top-k side tables after a first build's notes are committed, then clears
    /// `meta.first_build`, in steps of ``FirstBuildFill``, each committed. Every committed state is an index
    /// that searches correctly: the notes and `notes_fts` are complete; the word list is a subset of its words,
    /// as while the notes were loading; and the top-k tables are unmarked in the first step and marked built
    /// only once complete (``RankingTables/rebuild(_:settings:postingsPerStep:step:source:)``), so queries score in
    /// full meanwhile. An interruption leaves `first_build`, so the next open does not rebuild the top-k tables
    /// at once and the next run (``Indexer``) continues the build: it clears what the fill wrote, in steps
    /// too, and fills both again. A failure rolls back only the open step. With `restoresAutomerge` (a build
    /// whose side writer paused it, ``setAutomerge(paused:)``), the first step sets FTS5's `automerge` back.
    ///
    /// The top-k tables are filled from the terms another thread computes (``RankingScan``), while a third
    /// reads the words of the index and computes their `spelling` rows (``VocabularyScan``): the writer only
    /// writes rows, and the passes over the index run on the other core. The writer writes the word list a
    /// part at a time (``WordListWriter``) whenever no term waits, and what is left of it at the end.
    /// While the word scan holds its snapshot the log cannot start over: the top-k steps committed meanwhile
    /// add up in it (20–35 MB at 100k notes).
    func finishFirstBuild(_ settings: BulkLoadSettings, scan started: VocabularyScan? = nil,
                          restoresAutomerge: Bool = false) throws {
        var steps = 0
        func step() throws {
            try connection.execute("COMMIT")
            try restartLogIfOver(settings.fill.restartLogBytes)
            steps += 1
            try settings.fill.afterStep?(steps)
            try connection.execute("BEGIN IMMEDIATE")
        }
        let scanConfiguration = Self.fillScanConfiguration
        var scan = started
        var ranking: RankingScan?
        defer {
            ranking?.stop()
            scan?.wait()
        }
        try connection.execute("BEGIN IMMEDIATE")
        do {
            // In the fill's first step, after the splice: restored before the load's last commit, its flush would
            // start a merge of level 0, which the splice would then have to leave where it is.
            if restoresAutomerge { try setAutomerge(paused: false) }
            if settings.fillsRankingTables {
                try connection.run("DELETE FROM meta WHERE key = ?1", [.text(RankingTables.metaKey)])
            }
            try clearDerivedTables(rowsPerStep: settings.fill.rowsClearedPerStep, step: step)
            // Only now: while they read, the log cannot start over, so the clearing's steps would pile up in it.
            if settings.fillsRankingTables {
                ranking = RankingScan(path: path, configuration: scanConfiguration, settings: rankingSettings)
            }
            if settings.fillsWordList && scan == nil {
                scan = VocabularyScan(paths: [path], configuration: scanConfiguration,
                                      spellingPairsPerPass: settings.fill.spellingPairsPerStep)
            }
            var wordList: WordListWriter?
            // Writes and commits a part of the word list once the scan has computed it; `false` while it has not
            // (unless `waiting`), or once every part is written.
            func writeWordListPart(waiting: Bool) throws -> Bool {
                if wordList == nil, let scan, let words = try waiting ? scan.words() : scan.wordsIfReady() {
                    wordList = WordListWriter(words: words, wordsPerStep: settings.fill.wordsPerStep,
                                              passCount: scan.spellingPassCount(words: words.count)) {
                        try scan.spellingPass($0, waiting: $1)
                    }
                }
                guard try wordList?.writeNext(connection, waiting: waiting) == true else { return false }
                try step()
                return true
            }
            if let ranking {
                // The word list is written while the scan computes the next term.
                try RankingTables.rebuild(connection, settings: rankingSettings, postingsPerStep: settings.fill.postingsPerStep, step: step) { add in
                    try ranking.forEach(add, whenIdle: { try writeWordListPart(waiting: false) })
                }
            }
            while try writeWordListPart(waiting: true) {}
            try connection.execute("DELETE FROM meta WHERE key IN ('first_build', 'first_build_owner')")
            try connection.execute("COMMIT")
        } catch {
            if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Checkpoints the write-ahead log whole once it holds more than `bytes`, and waits for its readers to
    /// finish with it (`wal_checkpoint(RESTART)`, up to the busy timeout; a reader still busy then only means
    /// the log goes on growing until the next step). Outside a transaction.
    func restartLogIfOver(_ bytes: Int) throws {
        guard let frames = try connection.query("PRAGMA main.wal_checkpoint(PASSIVE)", [], { $0.int64(1) }).first,
              let pageSize = try connection.scalarInt("PRAGMA main.page_size"),
              Int(frames) * pageSize > bytes else { return }
        _ = try connection.query("PRAGMA main.wal_checkpoint(RESTART)") { $0.int64(0) }
    }

    /// How the fill's scans read the index: one pass, which a small page cache serves as well as a large one,
    /// and which is not memory.
    static var fillScanConfiguration: Connection.Configuration {
        var configuration = Self.defaultConfiguration
        configuration.mmapSize = 0
        configuration.cacheSizeKiB = 2 * 1024
        return configuration
    }

    /// The derived tables, in the order they are cleared (`spelling` lists `vocabulary` ids), with their keys
    /// and how many rows a step clears, in ``FirstBuildFill/rowsClearedPerStep``s (a posting block's row is
    /// about 500 bytes, five times the others).
    private static let derivedTables = [("spelling", "bucket", 1.0), ("vocabulary", "id", 1.0), ("topk_postings", "term, first", 0.2),
                                        ("topk_upper", "term, first", 0.2), ("topk_heads", "term, first", 0.2),
                                        ("topk_prefix_heads", "term, first", 0.2), ("topk_prefixes", "term", 1.0),
                                        ("topk_phrase_heads", "term, first", 0.2), ("topk_phrases", "term", 1.0),
                                        ("topk_terms", "term", 1.0)]

    /// Empties what an interrupted fill left in the derived tables, `rowsPerStep` rows of a table a step (the
    /// top-k tables are unmarked already, so no query uses them half deleted). The SQLite here is built with
    /// `SECURE_DELETE`, which zeroes every page a `DELETE` frees: one `DELETE` of the whole word list would
    /// write all of it to the log again. In a build not interrupted the tables are empty already.
    private func clearDerivedTables(rowsPerStep: Int, step: () throws -> Void) throws {
        for (table, key, share) in Self.derivedTables {
            while true {
                try connection.run("DELETE FROM \(table) WHERE (\(key)) IN (SELECT \(key) FROM \(table) LIMIT ?1)",
                                   [.integer(Int64(max(Double(rowsPerStep) * share, 1)))])
                guard connection.changes > 0 else { break }
                try step()
            }
        }
    }

    /// Fills the word list and the top-k tables as `settings` say, calling `step` between steps, and clears
    /// `meta.first_build` (inside the caller's transaction; a build in one transaction passes a `step` that
    /// does nothing).
    func fillDerivedTables(_ settings: BulkLoadSettings, step: () throws -> Void) throws {
        if settings.fillsWordList {
            try Vocabulary.rebuild(connection, wordsPerStep: settings.fill.wordsPerStep,
                                   spellingPairsPerPass: settings.fill.spellingPairsPerStep, step: step)
        }
        if settings.fillsRankingTables {
            try RankingTables.rebuild(connection, settings: rankingSettings,
                                      postingsPerStep: settings.fill.postingsPerStep, step: step)
        }
        try connection.execute("DELETE FROM meta WHERE key IN ('first_build', 'first_build_owner')")
    }
}
