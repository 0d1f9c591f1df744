import SQLiteKit

/// Which tokenizer `notes_fts` was built with, and the one rebuild that changes it.
extension Schema {
    /// The tokenizer `notes_fts` was built with, as recorded in `meta` (`nil` before schema v2).
    static func recordedTokenizer(_ db: Connection) throws -> String? {
        guard try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'meta'") == 1 else {
            return nil
        }
        return try db.scalarText("SELECT value FROM meta WHERE key = 'tokenizer'")
    }

    /// The tokenizer an index keeps when none is asked for: plain `unicode61` if it was built with it on
    /// purpose, else the current CJK tokenizer (which also upgrades an older CJK tokenizer version).
    static func keptTokenizer(_ db: Connection) throws -> FullTextTokenizer {
        kept(recorded: try recordedTokenizer(db))
    }

    /// ``keptTokenizer(_:)`` of an index known to have its `meta` table (from v2 on; every index the ranking
    /// tables serve, v6 on): one lookup, without first looking for the table in `sqlite_schema` (a scan of
    /// it, which every ranked query paid three times).
    static func keptTokenizerOfCurrentIndex(_ db: Connection) throws -> FullTextTokenizer {
        kept(recorded: try db.scalarText("SELECT value FROM meta WHERE key = 'tokenizer'"))
    }

    private static func kept(recorded: String?) -> FullTextTokenizer {
        recorded == FullTextTokenizer.unicode61.recordedName ? .unicode61 : .cjk
    }

    /// Recreates `notes_fts` with `tokenizer` when the index was built with another one (for example an
    /// older ``CJKTokenizer/version``), then rebuilds it and the top-k side tables from `notes`: one
    /// transaction, once. Returns whether it rebuilt.
    @discardableResult
    static func ensureTokenizer(_ db: Connection, _ tokenizer: FullTextTokenizer,
                                settings: RankingSettings = RankingSettings()) throws -> Bool {
        if try recordedTokenizer(db) == tokenizer.recordedName { return false }
        try db.transaction(.immediate) {
            // Checked again inside the write lock: another process may have rebuilt it meanwhile.
            if try recordedTokenizer(db) == tokenizer.recordedName { return }
            try db.execute(fullTextTableSQL(tokenizer.tokenizeOption))
            try Vocabulary.rebuild(db)
            try db.run("""
                INSERT INTO meta(key, value) VALUES ('tokenizer', ?1)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, [.text(tokenizer.recordedName)])
            if try RankingTables.isBuilt(db) { try RankingTables.rebuild(db, settings: settings) }
        }
        return true
    }
}
