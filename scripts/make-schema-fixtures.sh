#!/usr/bin/env bash
# Writes Tests/Fixtures/schema-v1.sqlite and schema-v2.sqlite: small indexes laid out exactly as notes-fts
# schema versions 1 and 2 left them (the DDL below is frozen history, copied from Schema.migrations), for
# the migration tests. Needs sqlite3 and the tokenizer extension: run `swift build` first.
# Usage: scripts/make-schema-fixtures.sh [BUILD_DIR]   (default .build/debug)
# (schema-v7.sqlite is not written here: it is schema-v2.sqlite upgraded by a schema-7 notes-index; see
# Tests/NotesFTSTests/Support/SchemaFixtures.swift.)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-.build/debug}
out=Tests/Fixtures
mkdir -p "$out"

v1_schema="
PRAGMA application_id=1313231955;
CREATE TABLE sources (path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, hash TEXT NOT NULL,
  indexed_at TEXT NOT NULL);
CREATE TABLE notes (id INTEGER PRIMARY KEY, path TEXT NOT NULL, position INTEGER NOT NULL DEFAULT 0,
  line INTEGER NOT NULL DEFAULT 1, title TEXT NOT NULL DEFAULT '', body TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '', created TEXT, modified TEXT, UNIQUE (path, position));
CREATE INDEX notes_modified ON notes(modified);
CREATE INDEX notes_created ON notes(created);
CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, tags, content='notes', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2');
INSERT INTO notes_fts(notes_fts, rank) VALUES ('rank', 'bm25(10.0, 1.0, 4.0)');
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
PRAGMA user_version=1;
"
v2_migration="
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
DROP TABLE notes_fts;
CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, tags, content='notes', content_rowid='id',
  tokenize='notes_cjk_v1 remove_diacritics 2');
INSERT INTO notes_fts(notes_fts, rank) VALUES ('rank', 'bm25(10.0, 1.0, 4.0)');
INSERT INTO meta(key, value) VALUES ('tokenizer', 'notes_cjk_v1');
INSERT INTO notes_fts(notes_fts) VALUES ('rebuild');
PRAGMA user_version=2;
"
notes="
INSERT INTO sources VALUES ('/notes/work/deploy.md', 120, 1717243200000000000, 'h1', '2024-06-01T12:00:00Z');
INSERT INTO sources VALUES ('/notes/export.json', 300, 1717243200000000000, 'h2', '2024-06-01T12:00:00Z');
INSERT INTO sources VALUES ('/notes/국회.txt', 90, 1717243200000000000, 'h3', '2024-06-01T12:00:00Z');
INSERT INTO notes(path, position, line, title, body, tags, created, modified) VALUES
  ('/notes/work/deploy.md', 0, 1, 'Deploy checklist', 'CI green, then deploy on Tuesday.', 'work, ops',
   '2024-01-05T09:00:00Z', '2024-05-30T17:45:00Z'),
  ('/notes/export.json', 0, 2, 'Groceries', 'milk, eggs, café crème', 'home', NULL, '2024-02-01T08:00:00Z'),
  ('/notes/export.json', 1, 9, 'Sourdough', 'starter, flour, water, salt', 'recipe, baking', '2023-11-02T10:00:00Z', NULL),
  ('/notes/export.json', 2, 15, 'Reading list', 'The Pragmatic Programmer; SQLite internals', '', NULL, NULL),
  ('/notes/국회.txt', 0, 1, '국회 회의록', '국회의원은 법률안을 제출할 수 있다. 데이터베이스를 검색한다.', '업무',
   '2024-03-01T00:00:00Z', '2024-03-02T00:00:00Z'),
  ('app://note/42', 0, 1, 'Meeting notes', 'next week: budget review (draft)', 'work, meeting', NULL, '2024-04-04T04:04:04Z');
"
rm -f "$out/schema-v1.sqlite" "$out/schema-v2.sqlite"
sqlite3 "$out/schema-v1.sqlite" "PRAGMA journal_mode=DELETE; BEGIN; $v1_schema $notes COMMIT; VACUUM;" >/dev/null
sqlite3 "$out/schema-v2.sqlite" -cmd ".load $build/libNotesFTSExtension" \
  "PRAGMA journal_mode=DELETE; BEGIN; $v1_schema $v2_migration $notes COMMIT; VACUUM;" >/dev/null
for v in 1 2; do
  sqlite3 "$out/schema-v$v.sqlite" -cmd ".load $build/libNotesFTSExtension" \
    "SELECT 'schema-v$v: user_version ' || (SELECT user_version FROM pragma_user_version) || ', ' || count(*) || ' notes' FROM notes;
     INSERT INTO notes_fts(notes_fts, rank) VALUES ('integrity-check', 1);"
done
