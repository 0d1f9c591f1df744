import Foundation
import NotesFTS

/// The yardstick for a fresh build: the `sqlite3` command-line shell filling the same schema itself, in one
/// transaction, with `fsdir()` and `readfile()` (no Swift beyond the loaded tokenizer, no parsing beyond
/// "title = first line").
///
/// It is the fastest honest equivalent of our first build: the same tables, indexes and FTS5 table (with the
/// same tokenizer: the shell first `.load`s the `libNotesFTSExtension` built next to `notes-index`), the same
/// connection settings (WAL, synchronous, cache size), the same trigger-free load followed by one `'rebuild'`
/// and the triggers created afterwards, and a `sources` row per file.
enum ShellBaseline {
    /// The loadable extension that registers the CJK tokenizer in the shell: `libNotesFTSExtension.so` in the
    /// build folder of `notes-index` (`nil` when it is not there).
    static func extensionPath(nextTo notesIndex: String) -> String? {
        let folder = (notesIndex as NSString).deletingLastPathComponent
        for name in ["libNotesFTSExtension.so", "libNotesFTSExtension.dylib"]
        where FileManager.default.fileExists(atPath: folder + "/" + name) {
            return folder + "/libNotesFTSExtension"
        }
        return nil
    }

    /// The SQL script the shell runs for `corpus`: the `notes_fts` table uses `tokenizer` (the index's own),
    /// after `.load` of `loadExtension` when the tokenizer is ours.
    static func script(corpus: String, synchronous: String, cacheKiB: Int, tokenizer: FullTextTokenizer,
                       loadExtension: String?) -> String {
        let root = corpus.replacingOccurrences(of: "'", with: "''")
        let load = loadExtension.map { ".load '\($0)'\n" } ?? ""
        return load + """
            PRAGMA journal_mode=WAL;
            PRAGMA synchronous=\(synchronous);
            PRAGMA cache_size=-\(cacheKiB);
            BEGIN;
            CREATE TABLE sources (path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
              hash TEXT NOT NULL, indexed_at TEXT NOT NULL);
            CREATE TABLE notes (id INTEGER PRIMARY KEY, path TEXT NOT NULL, position INTEGER NOT NULL DEFAULT 0,
              line INTEGER NOT NULL DEFAULT 1, title TEXT NOT NULL DEFAULT '', body TEXT NOT NULL DEFAULT '',
              tags TEXT NOT NULL DEFAULT '', created TEXT, modified TEXT, UNIQUE (path, position));
            CREATE INDEX notes_modified ON notes(modified);
            CREATE INDEX notes_created ON notes(created);
            CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, tags, content='notes', content_rowid='id',
              tokenize='\(tokenizer.tokenizeOption)');
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
            INSERT INTO meta(key, value) VALUES ('tokenizer', '\(tokenizer.recordedName)');
            INSERT INTO notes(path, position, line, title, body, tags, created, modified)
              SELECT name, 0, 1, substr(body, 1, instr(body, char(10)) - 1), body, '', NULL,
                     strftime('%Y-%m-%dT%H:%M:%SZ', mtime, 'unixepoch')
              FROM (SELECT name, mtime, CAST(data AS TEXT) AS body FROM fsdir('\(root)')
                    WHERE (mode & 61440) = 32768
                      AND (name LIKE '%.md' OR name LIKE '%.txt' OR name LIKE '%.json'));
            INSERT INTO sources SELECT path, length(CAST(body AS BLOB)), 0, '', datetime('now') FROM notes;
            INSERT INTO notes_fts(notes_fts) VALUES ('rebuild');
            \(triggerSQL)
            COMMIT;
            """
    }

    private static let triggerSQL = """
        CREATE TRIGGER notes_ai AFTER INSERT ON notes BEGIN
          INSERT INTO notes_fts(rowid, title, body, tags) VALUES (new.id, new.title, new.body, new.tags);
        END;
        CREATE TRIGGER notes_ad AFTER DELETE ON notes BEGIN
          INSERT INTO notes_fts(notes_fts, rowid, title, body, tags) VALUES ('delete', old.id, old.title, old.body, old.tags);
        END;
        CREATE TRIGGER notes_au AFTER UPDATE OF title, body, tags ON notes BEGIN
          INSERT INTO notes_fts(notes_fts, rowid, title, body, tags) VALUES ('delete', old.id, old.title, old.body, old.tags);
          INSERT INTO notes_fts(rowid, title, body, tags) VALUES (new.id, new.title, new.body, new.tags);
        END;
        """

    /// Builds the baseline index at `database` from `corpus` with `/usr/bin/sqlite3` (or `shell`), `notes_fts`
    /// tokenized with `tokenizer`; the CJK tokenizer needs `loadExtension` (see ``extensionPath(nextTo:)``).
    static func run(corpus: String, database: String, shell: String, synchronous: String, cacheKiB: Int,
                    tokenizer: FullTextTokenizer, loadExtension: String?, label: String = "sqlite3 shell baseline") throws -> BuildBenchmark.Run {
        BuildBenchmark.removeDatabase(database)
        if tokenizer == .cjk && loadExtension == nil {
            throw BenchError("libNotesFTSExtension not found next to notes-index; run `swift build -c release` first")
        }
        let scriptPath = NSTemporaryDirectory() + "notes-bench-baseline-\(getpid()).sql"
        try script(corpus: corpus, synchronous: synchronous, cacheKiB: cacheKiB, tokenizer: tokenizer,
                   loadExtension: tokenizer == .cjk ? loadExtension : nil)
            .write(toFile: scriptPath, atomically: true, encoding: .utf8)
        defer { unlink(scriptPath) }
        BuildBenchmark.settle()
        let measurement = try ChildProcess.run(shell, ["-bail", database], inputPath: scriptPath)
        guard measurement.status == 0 else {
            throw BenchError("\(shell) exited with \(measurement.status): \(measurement.standardError.suffix(300))")
        }
        return BuildBenchmark.Run(label: label, measurement: measurement,
                                  indexBytes: BuildBenchmark.size(of: database))
    }
}
